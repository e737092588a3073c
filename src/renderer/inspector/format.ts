import { isBlobRef } from '../../shared/events';

/** How much of a long text is drawn before "Show all". */
export const PREVIEW_CHARS = 4_096;

/**
 * A value as readable text: strings as they are (a string holding JSON is re-indented), anything
 * else as indented JSON. Values come from tool output and model replies, so anything may turn up.
 */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return reindent(value);
  if (isBlobRef(value)) return `(${value.bytes} bytes stored out of line)`;
  try {
    return JSON.stringify(value, replacer, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function reindent(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The start of a text, cut at most `limit` characters in without splitting a surrogate pair. */
export function preview(text: string, limit = PREVIEW_CHARS): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const code = text.charCodeAt(limit - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
  return { text: text.slice(0, end), cut: true };
}

/** A size in characters as people read it: `812 characters`, `14.2 KB`, `3.1 MB`. */
export function formatSize(chars: number): string {
  if (chars < 1_024) return `${chars} characters`;
  if (chars < 1_024 * 1_024) return `${(chars / 1_024).toFixed(1)} KB`;
  return `${(chars / (1_024 * 1_024)).toFixed(1)} MB`;
}

/** A duration as people read it: `840 ms`, `3.2 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** A token count with thousands separated: `12,400 tokens`. */
export function formatTokens(tokens: number): string {
  return `${Math.round(tokens).toLocaleString('en-US')} tokens`;
}

/** A share (0–1) as a percentage: `42%`, `0.4%`. */
export function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent < 1 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** An event's time of day, to the millisecond (the log's resolution). */
export function formatClock(ts: number): string {
  const date = new Date(ts);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Every event seq a node's data points to (`…Seq` fields, and the seqs of the steps listed in it). */
export function relatedSeqs(node: {
  firstSeq: number;
  lastSeq: number;
  data: Record<string, unknown>;
}): number[] {
  const seqs = new Set<number>([node.firstSeq, node.lastSeq]);
  for (const [key, value] of Object.entries(node.data)) {
    if (key.endsWith('Seq') && typeof value === 'number') seqs.add(value);
    if (Array.isArray(value)) {
      for (const item of value) {
        const seq = (item as { seq?: unknown } | null)?.seq;
        if (typeof seq === 'number') seqs.add(seq);
      }
    }
    const nested = (value as { seq?: unknown } | null)?.seq;
    if (typeof value === 'object' && typeof nested === 'number') seqs.add(nested);
  }
  return [...seqs].filter((seq) => seq > 0).sort((a, b) => a - b);
}
