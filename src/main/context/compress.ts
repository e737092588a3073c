import { summarizeCode } from './compress-code';
import { clipLine, clipText, countLines, formatNumber } from './compress-format';
import { summarizeJson } from './compress-json';
import { summarizeLog } from './compress-log';
import { summarizeTable } from './compress-table';
import { summarizeText } from './compress-text';
import { type Detected, detectShape, type ObservationShape } from './detect-shape';

export type { ObservationShape } from './detect-shape';

/** A tool observation as it stays in the context once compressed. */
export interface CompressedObservation {
  /** A header line (what this is, how big the original was, how to recall it), then the summary. */
  text: string;
  shape: ObservationShape;
  originalChars: number;
}

export interface CompressOptions {
  /** Most characters of summary below the header line (default 3000). */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 3_000;

const SHAPE_NAMES: Record<ObservationShape, string> = {
  table: 'table',
  csv: 'delimited table (CSV/TSV)',
  log: 'log',
  json: 'JSON value',
  code: 'source code',
  text: 'text',
};

function summarize(text: string, detected: Detected, maxChars: number): string {
  switch (detected.shape) {
    case 'log':
      return summarizeLog(text, maxChars);
    case 'csv':
    case 'table':
      return summarizeTable(text, detected.delimiter, maxChars);
    case 'json':
      return summarizeJson(detected.value, text.length, maxChars, summarizeString);
    case 'code':
      return summarizeCode(text, maxChars);
    case 'text':
      return summarizeText(text, maxChars);
  }
}

/** A string found inside JSON (a file's content, a command's stdout), summarised by its own shape. */
function summarizeString(text: string, maxChars: number): { body: string; shapeName: string } {
  const budget = Math.max(0, maxChars);
  if (text.length <= budget) return { body: text, shapeName: 'shown whole' };
  const detected = detectShape(text);
  return {
    body: clipText(summarize(text, detected, budget), budget),
    shapeName: `a ${SHAPE_NAMES[detected.shape]}`,
  };
}

/**
 * Replaces a large tool output by a summary made for its shape (log, table, JSON, code, text), at most
 * `maxChars` characters plus one header line that names `ref` for recalling the full output. Output that
 * already fits within `maxChars` is returned unchanged. Never throws, whatever the input.
 */
export function compressObservation(
  text: string,
  ref: string,
  options: CompressOptions = {},
): CompressedObservation {
  const requested = options.maxChars ?? DEFAULT_MAX_CHARS;
  const maxChars = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : DEFAULT_MAX_CHARS;
  const detected = detectShape(text);
  if (text.length <= maxChars) return { text, shape: detected.shape, originalChars: text.length };
  const lines = countLines(text);
  const header =
    `[Summary of a ${formatNumber(text.length)}-character ${SHAPE_NAMES[detected.shape]} ` +
    `(${formatNumber(lines)} line${lines === 1 ? '' : 's'}). Full output: call recall with ref ${JSON.stringify(clipLine(ref, 120))} ` +
    '(optionally offset/length or search).]';
  const body = clipText(summarize(text, detected, maxChars), maxChars);
  return { text: `${header}\n${body}`, shape: detected.shape, originalChars: text.length };
}
