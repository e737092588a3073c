import { readWholeJson } from './lenient-json';
import { ForwardSearch } from './text-search';

/**
 * Parameter values written between tags carry no types. Read a value as JSON when it looks like
 * JSON or a number, otherwise keep the text: Qwen3-Coder and the `<invoke>` format both work so.
 */
const JSON_NUMBER = /^-?(?:0|[1-9]\d{0,15})(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function coerceParameter(raw: string): unknown {
  let value = raw.startsWith('\r\n') ? raw.slice(2) : raw.startsWith('\n') ? raw.slice(1) : raw;
  if (value.endsWith('\n')) value = value.slice(0, value.endsWith('\r\n') ? -2 : -1);
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (JSON_NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isSafeInteger(number) || !Number.isInteger(number)) return number;
  }
  const first = trimmed[0];
  if (first === '{' || first === '[' || first === '"') {
    const read = readWholeJson(trimmed);
    if (read.ok) return read.value;
  }
  return value;
}

/** One `<tag…>value</tag>` region found by `findElements`. */
export interface Element {
  /** Text inside the opening tag after the opener: `key` for `<parameter=key>`, ` name="key"`. */
  head: string;
  body: string;
  /** The opening tag ends with `>`. */
  headClosed: boolean;
  /** The closing tag is there. */
  closed: boolean;
}

/**
 * Lists the elements that open with `opener` (e.g. `<parameter`) in `text`. An element runs to its
 * closer, or when that is missing (models drop closing tags) to the next opener or the end.
 */
export function findElements(text: string, opener: string, closer: string): Element[] {
  const lower = new ForwardSearch(text.toLowerCase());
  const elements: Element[] = [];
  let pos = lower.next(opener, 0);
  while (pos >= 0) {
    const headStart = pos + opener.length;
    const next = lower.next(opener, headStart);
    const limit = next < 0 ? text.length : next;
    const headEnd = lower.next('>', headStart);
    if (headEnd < 0 || headEnd > limit) {
      elements.push({ head: text.slice(headStart, limit), body: '', headClosed: false, closed: false });
      pos = next;
      continue;
    }
    const close = lower.next(closer, headEnd + 1);
    const closed = close >= 0 && close < limit;
    const end = closed ? close : limit;
    elements.push({
      head: text.slice(headStart, headEnd),
      body: text.slice(headEnd + 1, end),
      headClosed: true,
      closed,
    });
    pos = lower.next(opener, closed ? close + closer.length : end);
  }
  return elements;
}

/** The value of `attr="…"` (or single quotes) in a tag head. */
export function attribute(head: string, attr: string): string | undefined {
  const lower = head.toLowerCase();
  const at = lower.indexOf(`${attr}=`);
  if (at < 0) return undefined;
  const quote = head[at + attr.length + 1];
  if (quote !== '"' && quote !== "'") return undefined;
  const end = head.indexOf(quote, at + attr.length + 2);
  return end < 0 ? undefined : head.slice(at + attr.length + 2, end);
}

/** The key in `=key` (Qwen's `<parameter=key>`), without quotes. */
export function equalsName(head: string): string {
  const name = head.startsWith('=') ? head.slice(1) : head;
  return name.trim().replace(/^["']|["']$/g, '');
}
