import { describe, expect, it } from 'vitest';
import { isBlobRef } from '../../shared/events';
import { BLOB_THRESHOLD_BYTES, expandPayload, toStoredPayload } from './blobs';

function roundTrip(payload: Record<string, unknown>): Record<string, unknown> {
  const stored = toStoredPayload(payload);
  const blobs = new Map(stored.blobs.map((b) => [b.hash, b.json]));
  return expandPayload(JSON.parse(stored.json), (hash) => blobs.get(hash));
}

describe('toStoredPayload', () => {
  it('keeps a field of exactly the threshold inline and moves one byte more out', () => {
    // A JSON string of n characters is n + 2 bytes with its quotes.
    const atLimit = { a: 'x'.repeat(BLOB_THRESHOLD_BYTES - 2), b: 1 };
    expect(toStoredPayload(atLimit).blobs).toEqual([]);
    const over = { a: 'x'.repeat(BLOB_THRESHOLD_BYTES - 1), b: 1 };
    const stored = toStoredPayload(over);
    expect(stored.blobs).toHaveLength(1);
    expect(JSON.parse(stored.json)).toEqual({
      a: { $blob: stored.blobs[0]?.hash, bytes: BLOB_THRESHOLD_BYTES + 1 },
      b: 1,
    });
  });

  it('measures multibyte text in UTF-8 bytes', () => {
    const text = 'é'.repeat(BLOB_THRESHOLD_BYTES / 2);
    const stored = toStoredPayload({ text });
    expect(stored.blobs[0]?.bytes).toBe(BLOB_THRESHOLD_BYTES + 2);
    expect(roundTrip({ text })).toEqual({ text });
  });

  it('moves several large fields separately and addresses equal content by one hash', () => {
    const big = { lines: Array.from({ length: 3000 }, (_, i) => `line ${i}`) };
    const stored = toStoredPayload({ output: big, copy: big, small: 'ok' });
    expect(stored.blobs).toHaveLength(2);
    expect(stored.blobs[0]?.hash).toBe(stored.blobs[1]?.hash);
    expect(stored.blobs[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(roundTrip({ output: big, copy: big, small: 'ok' })).toEqual({
      output: big,
      copy: big,
      small: 'ok',
    });
  });

  it('stores a value that merely looks like a blob ref out of line, so it comes back unchanged', () => {
    const lookalike = { $blob: 'not-a-hash', bytes: 3 };
    const stored = toStoredPayload({ output: lookalike });
    expect(stored.blobs).toHaveLength(1);
    expect(roundTrip({ output: lookalike })).toEqual({ output: lookalike });
  });

  it('leaves a ref whose blob is missing as it is', () => {
    const payload = { output: { $blob: 'f'.repeat(64), bytes: 20_000 } };
    const expanded = expandPayload(payload, () => undefined);
    expect(isBlobRef(expanded.output)).toBe(true);
  });
});
