import { describeFailure, readWholeJson } from './lenient-json';

/** Tool arguments as a plain object, or the problem with them in words the model can act on. */
export type ArgumentsResult = { ok: true; args: Record<string, unknown> } | { ok: false; problem: string };

const MAX_ENCODING_LAYERS = 3;
const MAX_DEPTH = 200;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Makes tool arguments whatever shape they arrived in into a plain object: a JSON string, JSON encoded
 * twice (a string holding a JSON string), an object, or nothing at all (a call without arguments).
 */
export function normalizeArguments(raw: unknown): ArgumentsResult {
  let value = raw;
  for (let layer = 0; typeof value === 'string' && layer < MAX_ENCODING_LAYERS; layer++) {
    const text: string = value;
    if (text.trim() === '') return { ok: true, args: {} };
    const read = readWholeJson(text);
    if (!read.ok) {
      const what = layer === 0 ? 'are' : 'hold a string that is';
      return { ok: false, problem: `${what} ${describeFailure(read)}` };
    }
    value = read.value;
  }
  if (value === undefined || value === null) return { ok: true, args: {} };
  if (!isPlainRecord(value)) return { ok: false, problem: `are ${kindOf(value)}, not a JSON object` };
  return plainCopy(value);
}

/**
 * Copies an object the caller handed in as JSON data, so a decision never shares (or is broken by)
 * the caller's objects: cycles and absurd depth become problems, non-JSON values are dropped.
 */
function plainCopy(source: Record<string, unknown>): ArgumentsResult {
  const ancestors = new Set<object>();
  let problem: string | undefined;

  const copy = (value: unknown, depth: number): unknown => {
    if (problem !== undefined) return undefined;
    if (typeof value === 'bigint') return Number(value);
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value !== 'object' || value === null) {
      return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    if (depth > MAX_DEPTH) {
      problem = `are nested more than ${MAX_DEPTH} levels deep`;
      return undefined;
    }
    if (ancestors.has(value)) {
      problem = 'contain a circular reference';
      return undefined;
    }
    ancestors.add(value);
    let result: unknown;
    if (Array.isArray(value)) {
      result = value.map((item) => copy(item, depth + 1) ?? null);
    } else {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const copied = copy(item, depth + 1);
        if (copied !== undefined) {
          Object.defineProperty(out, key, {
            value: copied,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
      }
      result = out;
    }
    ancestors.delete(value);
    return result;
  };

  const args = copy(source, 0);
  if (problem !== undefined || !isPlainRecord(args)) {
    return { ok: false, problem: problem ?? 'are not a JSON object' };
  }
  return { ok: true, args };
}
