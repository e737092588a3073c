import { createHash } from 'node:crypto';
import { type BlobRef, isBlobRef } from '../../shared/events';

/** Payload fields whose JSON is larger than this many bytes are kept out of line. */
export const BLOB_THRESHOLD_BYTES = 16 * 1024;

/** A payload field moved out of line: content-addressed by the sha256 of its JSON. */
export interface StoredBlob {
  hash: string;
  bytes: number;
  json: string;
}

/** A payload ready for the events table, plus whatever it moved out of line. */
export interface StoredPayload {
  json: string;
  blobs: StoredBlob[];
}

/** No field can exceed the threshold when the whole payload does not (UTF-8 takes at most 3 bytes per UTF-16 unit). */
function fitsInline(json: string): boolean {
  return json.length * 3 <= BLOB_THRESHOLD_BYTES || Buffer.byteLength(json) <= BLOB_THRESHOLD_BYTES;
}

/**
 * A field that already looks like a BlobRef is moved out of line too, whatever its size, so every ref
 * in a stored payload is a real one and expanding it gives the caller's value back exactly.
 */
function hasRefLookalike(payload: Record<string, unknown>): boolean {
  for (const key in payload) if (isBlobRef(payload[key])) return true;
  return false;
}

export function toStoredPayload(payload: Record<string, unknown>): StoredPayload {
  const json = JSON.stringify(payload);
  if (fitsInline(json) && !hasRefLookalike(payload)) return { json, blobs: [] };
  const stored: Record<string, unknown> = {};
  const blobs: StoredBlob[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const fieldJson = JSON.stringify(value);
    if (fieldJson === undefined) continue;
    const bytes = Buffer.byteLength(fieldJson);
    if (bytes > BLOB_THRESHOLD_BYTES || isBlobRef(value)) {
      const hash = createHash('sha256').update(fieldJson).digest('hex');
      blobs.push({ hash, bytes, json: fieldJson });
      stored[key] = { $blob: hash, bytes } satisfies BlobRef;
    } else {
      stored[key] = value;
    }
  }
  return { json: JSON.stringify(stored), blobs };
}

/** Replaces top-level BlobRefs by their values; a ref whose blob is missing stays as it is. */
export function expandPayload(
  payload: Record<string, unknown>,
  lookup: (hash: string) => string | undefined,
): Record<string, unknown> {
  let expanded: Record<string, unknown> | undefined;
  for (const key in payload) {
    const value = payload[key];
    if (!isBlobRef(value)) continue;
    const json = lookup(value.$blob);
    if (json === undefined) continue;
    expanded ??= { ...payload };
    expanded[key] = JSON.parse(json);
  }
  return expanded ?? payload;
}
