/**
 * A forgiving JSON reader for what models write: single quotes, trailing commas, missing commas,
 * unquoted keys, Python True/False/None, line and block comments, raw newlines inside strings. It
 * reads one value from a start offset and says where it ended, so callers can find JSON inside
 * prose. When the text stops in the middle of a value it reports what is missing and hands back the
 * part it did read.
 */

/** Why reading failed; `truncated` means the text ended before the value was complete. */
export type JsonFailure =
  | { kind: 'truncated'; closers: string; partial: unknown }
  | { kind: 'syntax'; message: string; at: number }
  | { kind: 'too_deep' };

/** One value read from `start`; `end` is the offset just after it. */
export type JsonRead = { ok: true; value: unknown; end: number } | ({ ok: false } & JsonFailure);

const MAX_DEPTH = 200;
const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['True', true],
  ['False', false],
  ['None', null],
  ['undefined', null],
];
const NUMBER_CHARS = '0123456789+-.eE';

type Step = { ok: true; value: unknown } | ({ ok: false } & JsonFailure);

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\u00a0' || c === '\ufeff';
}

export function isIdentStart(c: string | undefined): boolean {
  if (c === undefined) return false;
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$';
}

export function isIdentChar(c: string | undefined): boolean {
  return c !== undefined && (isIdentStart(c) || (c >= '0' && c <= '9') || c === '-');
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment to "__proto__" would change the object's prototype; tool arguments are untrusted.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function truncated(closers: string, partial: unknown): Step {
  return { ok: false, kind: 'truncated', closers, partial };
}

class Reader {
  pos: number;

  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  syntax(message: string): Step {
    return { ok: false, kind: 'syntax', message: `${message} at position ${this.pos}`, at: this.pos };
  }

  /** Skips whitespace and comments; false when a block comment runs off the end. */
  skipBlank(): boolean {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos] as string;
      if (isSpace(c)) {
        this.pos++;
      } else if (c === '/' && t[this.pos + 1] === '/') {
        this.skipLine();
      } else if (c === '/' && t[this.pos + 1] === '*') {
        const close = t.indexOf('*/', this.pos + 2);
        if (close < 0) {
          this.pos = t.length;
          return false;
        }
        this.pos = close + 2;
      } else {
        return true;
      }
    }
    return true;
  }

  skipLine(): void {
    const newline = this.text.indexOf('\n', this.pos);
    this.pos = newline < 0 ? this.text.length : newline + 1;
  }

  value(depth: number): Step {
    if (depth > MAX_DEPTH) return { ok: false, kind: 'too_deep' };
    this.skipBlank();
    if (this.atEnd) return truncated('', undefined);
    const c = this.text[this.pos] as string;
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || c === "'") return this.string();
    if (c === '-' || c === '+' || c === '.' || (c >= '0' && c <= '9')) return this.number();
    return this.literal();
  }

  object(depth: number): Step {
    const result: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      if (!this.skipBlank() || this.atEnd) return truncated('}', result);
      let c = this.text[this.pos] as string;
      if (c === '}') {
        this.pos++;
        return { ok: true, value: result };
      }
      if (c === ',') {
        this.pos++;
        continue;
      }
      const key = this.key();
      if (!key.ok) return key.kind === 'truncated' ? truncated(`${key.closers}}`, result) : key;
      if (!this.skipBlank() || this.atEnd) return truncated('}', result);
      c = this.text[this.pos] as string;
      if (c !== ':') return this.syntax(`expected ':' after the key "${String(key.value)}"`);
      this.pos++;
      const item = this.value(depth + 1);
      if (!item.ok) {
        if (item.kind !== 'truncated') return item;
        if (item.partial !== undefined) setKey(result, String(key.value), item.partial);
        return truncated(`${item.closers}}`, result);
      }
      setKey(result, String(key.value), item.value);
      if (!this.skipBlank() || this.atEnd) return truncated('}', result);
      c = this.text[this.pos] as string;
      if (c === ',') this.pos++;
      else if (c !== '}' && c !== '"' && c !== "'" && !isIdentStart(c)) {
        return this.syntax(`expected ',' or '}' but found '${c}'`);
      }
    }
  }

  key(): Step {
    const c = this.text[this.pos] as string;
    if (c === '"' || c === "'") return this.string();
    if (!isIdentStart(c)) return this.syntax(`expected a key but found '${c}'`);
    const start = this.pos;
    while (isIdentChar(this.text[this.pos])) this.pos++;
    if (this.atEnd) return truncated('', undefined);
    return { ok: true, value: this.text.slice(start, this.pos) };
  }

  array(depth: number): Step {
    const result: unknown[] = [];
    this.pos++;
    for (;;) {
      if (!this.skipBlank() || this.atEnd) return truncated(']', result);
      const c = this.text[this.pos] as string;
      if (c === ']') {
        this.pos++;
        return { ok: true, value: result };
      }
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === '}') return this.syntax("found '}' where ']' should close the array");
      const item = this.value(depth + 1);
      if (!item.ok) {
        if (item.kind !== 'truncated') return item;
        if (item.partial !== undefined) result.push(item.partial);
        return truncated(`${item.closers}]`, result);
      }
      result.push(item.value);
    }
  }

  string(): Step {
    const t = this.text;
    const quote = t[this.pos] as string;
    this.pos++;
    let out = '';
    let runStart = this.pos;
    while (this.pos < t.length) {
      const c = t[this.pos] as string;
      if (c === quote) {
        out += t.slice(runStart, this.pos);
        this.pos++;
        return { ok: true, value: out };
      }
      if (c !== '\\') {
        this.pos++;
        continue;
      }
      out += t.slice(runStart, this.pos);
      const escaped = t[this.pos + 1];
      if (escaped === undefined) break;
      this.pos += 2;
      if (escaped === 'u') {
        const hex = t.slice(this.pos, this.pos + 4);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) {
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 4;
        } else {
          out += '\\u';
        }
      } else {
        out += ESCAPES[escaped] ?? escaped;
      }
      runStart = this.pos;
    }
    out += t.slice(runStart, this.pos);
    this.pos = t.length;
    return truncated(quote, out);
  }

  number(): Step {
    const start = this.pos;
    while (this.pos < this.text.length && NUMBER_CHARS.includes(this.text[this.pos] as string)) this.pos++;
    const raw = this.text.slice(start, this.pos);
    const value = Number(raw.startsWith('+') ? raw.slice(1) : raw);
    if (raw === '' || Number.isNaN(value)) {
      if (this.atEnd) return truncated('', undefined);
      this.pos = start;
      return this.syntax(`'${raw}' is not a number`);
    }
    return { ok: true, value };
  }

  literal(): Step {
    const t = this.text;
    const remaining = t.length - this.pos;
    for (const [word, value] of LITERALS) {
      if (t.startsWith(word, this.pos) && !isIdentChar(t[this.pos + word.length])) {
        this.pos += word.length;
        return { ok: true, value };
      }
      if (remaining < word.length && word.startsWith(t.slice(this.pos))) return truncated('', undefined);
    }
    return this.syntax(`unexpected '${t[this.pos]}'`);
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '0': '\0' };

/** Reads one JSON value starting at `start` (leading blanks and comments allowed). */
export function readJson(text: string, start = 0): JsonRead {
  const reader = new Reader(text, start);
  const step = reader.value(0);
  if (!step.ok) return step;
  return { ok: true, value: step.value, end: reader.pos };
}

/** Reads a whole string as one JSON value; anything but blanks after it is a syntax error. */
export function readWholeJson(text: string): JsonRead {
  const read = readJson(text);
  if (!read.ok) return read;
  const reader = new Reader(text, read.end);
  reader.skipBlank();
  if (!reader.atEnd) {
    return {
      ok: false,
      kind: 'syntax',
      message: `unexpected text after the JSON value at position ${reader.pos}`,
      at: reader.pos,
    };
  }
  return read;
}

const CLOSER_NAMES: Record<string, [string, string]> = {
  '}': ['closing brace', 'closing braces'],
  ']': ['closing bracket', 'closing brackets'],
  '"': ['closing quote', 'closing quotes'],
  "'": ['closing quote', 'closing quotes'],
};

/** Names what a truncated value lacks, innermost first: "missing closing quote and 2 closing braces". */
export function describeMissing(closers: string): string {
  const parts: string[] = [];
  let i = 0;
  while (i < closers.length) {
    const c = closers[i] as string;
    let run = 1;
    while (closers[i + run] === c) run++;
    const [one, many] = CLOSER_NAMES[c] ?? ['closing character', 'closing characters'];
    parts.push(run === 1 ? one : `${run} ${many}`);
    i += run;
  }
  if (parts.length === 0) return 'it stops before a value';
  const last = parts.pop() as string;
  return `missing ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}

/** A one-line description of a failed read, for reasons fed back to the model. */
export function describeFailure(failure: JsonFailure): string {
  if (failure.kind === 'truncated') return `truncated: ${describeMissing(failure.closers)}`;
  if (failure.kind === 'too_deep') return `nested more than ${MAX_DEPTH} levels deep`;
  return `not valid JSON: ${failure.message}`;
}
