import { headLines } from './compress-format';

/** What a tool's output looks like, which decides how it is summarised. */
export type ObservationShape = 'table' | 'csv' | 'log' | 'json' | 'code' | 'text';

/** The shape, with what detecting it already worked out (the parsed JSON, the table's delimiter). */
export type Detected =
  | { shape: 'json'; value: unknown }
  | { shape: 'csv' | 'table'; delimiter: Delimiter }
  | { shape: 'log' | 'code' | 'text' };

/** `whitespace` is a column-aligned table such as `ps` or `df` print. */
export type Delimiter = ',' | '\t' | ';' | '|' | 'whitespace';

const SAMPLE_LINES = 200;
const SAMPLE_CHARS = 64 * 1024;

// A bare level word counts only in capitals ("retrying after an error" is not an ERROR line); the marked
// forms (`[error]`, `level=error`, `"level":"error"`, `error:` at the start) in any case.
const BARE_LEVEL = /\b(FATAL|CRITICAL|ERROR|WARNING|WARN|INFO|NOTICE|DEBUG|TRACE)\b/;
const MARKED_LEVEL =
  /\[(fatal|critical|error|warning|warn|info|notice|debug|trace)\]|\blevel["']?\s*[=:]\s*["']?(fatal|critical|error|warning|warn|info|notice|debug|trace)\b|^\s*(fatal|error|warning)(?:\[\w+\])?:/i;

/** The line's level (FATAL, ERROR, WARN, INFO, DEBUG, TRACE) and where its marker ends, if it has one. */
export function lineLevel(line: string): { level: string; end: number } | undefined {
  const bare = BARE_LEVEL.exec(line);
  const marked = MARKED_LEVEL.exec(line);
  const match = bare && (!marked || bare.index <= marked.index) ? bare : marked;
  if (!match) return undefined;
  const word = (match[1] ?? match[2] ?? match[3] ?? '').toUpperCase();
  const level =
    word === 'WARNING' ? 'WARN' : word === 'CRITICAL' ? 'FATAL' : word === 'NOTICE' ? 'INFO' : word;
  return { level, end: match.index + match[0].length };
}

const TIMESTAMP_START =
  /^\s*[[(]?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}|\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2}|\d{10}(\.\d+)?\b)/;

const CODE_LINE =
  /^\s*(import\s|export\s|from\s+\S+\s+import\s|(async\s+)?def\s|class\s|(async\s+)?function[\s*(]|const\s|let\s|var\s|(pub(\(\w+\))?\s+)?fn\s|pub\s|func\s|package\s|public\s|private\s|protected\s|return\b|if\s*\(|for\s*\(|while\s*\(|#include|using\s|interface\s|type\s+\w+|struct\s|impl\b|elif\s|else\b|try\b|except\b|catch\b|@\w+|\/\/|\/\*|\*\s|\*\/|[})\]]+[;,)]*\s*$)|[{;]\s*$|\)\s*:\s*$/;

function sampleLines(text: string): string[] {
  return headLines(text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text, SAMPLE_LINES * 2)
    .filter((line) => line.trim())
    .slice(0, SAMPLE_LINES);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  const bracketed = (first === '{' && last === '}') || (first === '[' && last === ']');
  if (!bracketed && !(first === '"' && last === '"')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

/** How many times `delimiter` occurs in `line`, ignoring any inside double quotes. */
function fieldSeparators(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/** The most common value and how many lines have it. */
function mode(values: number[]): { value: number; share: number } {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = { value: 0, count: 0 };
  for (const [value, count] of counts) if (count > best.count) best = { value, count };
  return { value: best.value, share: values.length ? best.count / values.length : 0 };
}

function tableDelimiter(lines: string[]): Delimiter | undefined {
  if (lines.length < 2) return undefined;
  const rows = lines.filter((line) => !/^[\s|:+=-]+$/.test(line));
  for (const delimiter of ['\t', '|', ',', ';'] as const) {
    const found = mode(rows.map((line) => fieldSeparators(line, delimiter)));
    const minimum = delimiter === '|' ? 2 : 1;
    const enoughRows = rows.length >= (found.value >= 2 ? 3 : 5);
    if (found.value >= minimum && found.share >= 0.8 && enoughRows) return delimiter;
  }
  const widths = mode(rows.map((line) => line.trim().split(/\s+/).length));
  const numeric = rows.slice(1).some((line) => /(^|\s)-?\d[\d.,]*%?(\s|$)/.test(line));
  // Prose has as many words per line often enough; what it lacks is columns padded with runs of spaces.
  const aligned = share(rows, (line) => /\S(\s{2,}|\t)\S/.test(line.trim())) >= 0.5;
  if (rows.length >= 5 && widths.value >= 3 && widths.share >= 0.8 && numeric && aligned) return 'whitespace';
  return undefined;
}

function share(lines: string[], test: (line: string) => boolean): number {
  if (!lines.length) return 0;
  let hits = 0;
  for (const line of lines) if (test(line)) hits++;
  return hits / lines.length;
}

/** Cheap heuristics on a sample of the text; JSON is parsed whole because V8 parses it faster than we scan. */
export function detectShape(text: string): Detected {
  const json = parseJson(text);
  if (json.ok) return { shape: 'json', value: json.value };
  const lines = sampleLines(text);
  const levels = share(lines, (line) => lineLevel(line) !== undefined);
  const stamps = share(lines, (line) => TIMESTAMP_START.test(line));
  if (levels >= 0.3 || (stamps >= 0.5 && levels > 0)) return { shape: 'log' };
  const delimiter = tableDelimiter(lines);
  if (delimiter && delimiter !== 'whitespace') {
    return { shape: delimiter === '|' ? 'table' : 'csv', delimiter };
  }
  if (share(lines, (line) => CODE_LINE.test(line)) >= 0.3) return { shape: 'code' };
  if (delimiter) return { shape: 'table', delimiter };
  if (stamps >= 0.5) return { shape: 'log' };
  return { shape: 'text' };
}
