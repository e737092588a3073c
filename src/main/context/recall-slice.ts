import { clipLine, clipText, formatNumber } from './compress-format';

/** What the model may ask of an archived output: a character range, or the lines containing a text. */
export interface RecallArgs {
  offset?: number;
  length?: number;
  search?: string;
}

const MAX_MATCHES = 100;
const MATCH_LINE_CHARS = 300;
const MAX_SEARCH_CHARS = 200;

function whole(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? Math.floor(value) : fallback;
}

function searchLines(full: string, search: string, maxChars: number): string {
  const needle = search.toLowerCase();
  const shown: string[] = [];
  let used = 0;
  let matches = 0;
  let lineNumber = 0;
  let from = 0;
  while (from < full.length) {
    const end = full.indexOf('\n', from);
    const stop = end === -1 ? full.length : end;
    lineNumber++;
    const line = full.slice(from, stop);
    if (line.toLowerCase().includes(needle)) {
      matches++;
      const entry = `${formatNumber(lineNumber)} (char ${formatNumber(from)}): ${clipLine(line, MATCH_LINE_CHARS)}`;
      if (shown.length < MAX_MATCHES && used + entry.length + 1 <= maxChars) {
        shown.push(entry);
        used += entry.length + 1;
      }
    }
    from = stop + 1;
  }
  const quoted = JSON.stringify(search);
  if (!matches)
    return `No line of the ${formatNumber(full.length)}-character output contains ${quoted} (case-insensitive).`;
  const more =
    shown.length < matches
      ? ` Showing the first ${formatNumber(shown.length)}; search for something more specific, or read around a match with offset/length.`
      : '';
  return clipText(
    `${formatNumber(matches)} of ${formatNumber(lineNumber)} lines contain ${quoted} (case-insensitive).${more}\n${shown.join('\n')}`,
    maxChars + 400,
  );
}

/**
 * Part of an archived output for the recall tool: with `search`, the matching lines with their line
 * numbers and character offsets; otherwise the characters [offset, offset + length), at most `maxChars`
 * of them, with a note of the range and how to read on. Never throws.
 */
export function recallSlice(full: string, args: RecallArgs, maxChars = 8_000): string {
  const limit = Math.max(1, whole(maxChars, 8_000));
  const search = typeof args.search === 'string' ? args.search.slice(0, MAX_SEARCH_CHARS) : '';
  if (search.trim()) return searchLines(full, search, limit);
  const offset = Math.max(0, whole(args.offset, 0));
  const length = Math.min(limit, Math.max(1, whole(args.length, limit)));
  const total = formatNumber(full.length);
  if (offset >= full.length) {
    return `Offset ${formatNumber(offset)} is past the end: the output has ${total} characters (offsets 0 to ${formatNumber(Math.max(0, full.length - 1))}).`;
  }
  // A range that would end inside a surrogate pair ends before it, unless that would leave nothing.
  const slice = clipText(full.slice(offset, offset + length), length) || full.slice(offset, offset + 2);
  const end = offset + slice.length;
  const next = end < full.length ? ` Next part: offset ${end}.` : ' This is the end of the output.';
  return `[Characters ${formatNumber(offset)}–${formatNumber(end)} of ${total}.${next}]\n${slice}`;
}

const SECTION_CHARS = 200;

/**
 * The text `recall` reads from: a string output as it is; an object with its long string fields
 * (a file's content, a command's stdout) set out as sections of raw text after the rest as JSON,
 * so lines, offsets and searches mean what they would in the original.
 */
export function recallText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (!output || typeof output !== 'object' || Array.isArray(output))
    return JSON.stringify(output, null, 2) ?? 'null';
  const rest: Record<string, unknown> = {};
  const sections: string[] = [];
  for (const [key, value] of Object.entries(output as Record<string, unknown>)) {
    if (typeof value === 'string' && value.length > SECTION_CHARS) {
      rest[key] = `(${formatNumber(value.length)} characters: section "${key}" below)`;
      sections.push(`== ${key} ==\n${value}`);
    } else {
      rest[key] = value;
    }
  }
  return [JSON.stringify(rest, null, 2), ...sections].join('\n');
}
