import { canonicalJson } from '../../shared/canonical-json';

/** The arguments a person typed, checked for syntax before anything is sent. */
export type ParsedArguments =
  | { ok: true; value: Record<string, unknown>; edited: boolean }
  | { ok: false; error: string };

export function parseArguments(text: string, original: Record<string, unknown>): ParsedArguments {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The arguments must be a JSON object, like {"path": "notes.txt"}.' };
  }
  const record = value as Record<string, unknown>;
  return { ok: true, value: record, edited: canonicalJson(record) !== canonicalJson(original) };
}
