import { isIdentChar, type JsonFailure, readJson } from './lenient-json';
import { ForwardSearch } from './text-search';

/** A JSON value found inside text, with where it sits. */
export interface FoundJson {
  start: number;
  end: number;
  value: unknown;
}

/** A JSON value that starts in the text but is cut off by its end. */
export interface CutJson {
  start: number;
  failure: Extract<JsonFailure, { kind: 'truncated' }>;
}

/** The JSON values in a text, in order, and the one the text ends inside (if any). */
export interface JsonScan {
  values: FoundJson[];
  cut: CutJson | undefined;
}

// Prose is full of brackets that open no JSON; each failed try can read far, so tries are capped.
const MAX_FAILED_TRIES = 48;

function nextOpening(search: ForwardSearch, from: number): number {
  const brace = search.next('{', from);
  const bracket = search.next('[', from);
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return Math.min(brace, bracket);
}

/** Finds every JSON object or array in `text` (from `from`), tolerating the usual model sloppiness. */
export function scanJson(text: string, from = 0): JsonScan {
  const values: FoundJson[] = [];
  const search = new ForwardSearch(text);
  let failures = 0;
  let pos = nextOpening(search, from);
  while (pos >= 0 && failures < MAX_FAILED_TRIES) {
    const read = readJson(text, pos);
    if (read.ok) {
      values.push({ start: pos, end: read.end, value: read.value });
      pos = nextOpening(search, read.end);
    } else if (read.kind === 'truncated') {
      return { values, cut: { start: pos, failure: read } };
    } else {
      failures++;
      pos = nextOpening(search, pos + 1);
    }
  }
  return { values, cut: undefined };
}

/** A fenced code block: ```lang … ```. `closed` is false when the text ends inside it. */
export interface Fence {
  lang: string;
  body: string;
  start: number;
  bodyStart: number;
  end: number;
  closed: boolean;
}

/** Lists the ``` fences in a text, in order. */
export function findFences(text: string): Fence[] {
  const fences: Fence[] = [];
  let pos = 0;
  for (;;) {
    const start = text.indexOf('```', pos);
    if (start < 0) return fences;
    let langEnd = start + 3;
    while (isIdentChar(text[langEnd]) || text[langEnd] === '+') langEnd++;
    const lang = text.slice(start + 3, langEnd).toLowerCase();
    const bodyStart = langEnd;
    const close = text.indexOf('```', bodyStart);
    if (close < 0) {
      fences.push({ lang, body: text.slice(bodyStart), start, bodyStart, end: text.length, closed: false });
      return fences;
    }
    fences.push({ lang, body: text.slice(bodyStart, close), start, bodyStart, end: close + 3, closed: true });
    pos = close + 3;
  }
}
