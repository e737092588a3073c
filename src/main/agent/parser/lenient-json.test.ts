import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/seeded-random';
import { describeFailure, describeMissing, readJson, readWholeJson } from './lenient-json';

function value(text: string): unknown {
  const read = readWholeJson(text);
  if (!read.ok) throw new Error(`expected ${text} to parse: ${describeFailure(read)}`);
  return read.value;
}

function randomJson(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 4 : 6));
  if (pick === 0) return Math.round((random() - 0.5) * 1e6) / 100;
  if (pick === 1)
    return ['', 'a"b', 'line\nbreak', 'ünïcödé ✓', 'tab\there', '\\slash'][Math.floor(random() * 6)];
  if (pick === 2) return [true, false, null][Math.floor(random() * 3)];
  if (pick === 3) return Math.floor(random() * 1000);
  if (pick === 4)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
  const obj: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(random() * 4); i++) obj[`k${i}`] = randomJson(random, depth + 1);
  return obj;
}

describe('readJson', () => {
  it('agrees with JSON.parse on strict JSON', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const original = randomJson(random, 0);
      const text = JSON.stringify(original, null, i % 2 === 0 ? 2 : undefined);
      expect(value(text)).toEqual(JSON.parse(text));
    }
  });

  it('accepts single quotes, unquoted keys, trailing commas, comments and Python literals', () => {
    expect(value("{'a': 'it\\'s', b: [1, 2,], /* note */ c: True, d: None, e: False, // end\n}")).toEqual({
      a: "it's",
      b: [1, 2],
      c: true,
      d: null,
      e: false,
    });
  });

  it('accepts missing commas between entries and raw newlines inside strings', () => {
    expect(value('{"a": 1\n "b": "two\nlines"}')).toEqual({ a: 1, b: 'two\nlines' });
    expect(value('[1 2 3]')).toEqual([1, 2, 3]);
  });

  it('says where a value ends inside prose', () => {
    const text = 'Call {"name": "x"} now.';
    const read = readJson(text, 5);
    expect(read.ok && text.slice(read.end)).toBe(' now.');
  });

  it('keeps "__proto__" as a plain key instead of changing the prototype', () => {
    const parsed = value('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports truncation with the missing closers and the part it read', () => {
    const read = readJson('{"name": "write", "arguments": {"text": "hel');
    expect(read.ok).toBe(false);
    if (read.ok || read.kind !== 'truncated') return;
    expect(read.closers).toBe('"}}');
    expect(read.partial).toEqual({ name: 'write', arguments: { text: 'hel' } });
    expect(describeFailure(read)).toBe('truncated: missing closing quote and 2 closing braces');
  });

  it('reports truncation in the middle of a literal, a key and a block comment', () => {
    for (const text of ['{"a": tru', '{"ab', '{ab', '[1, /* open']) {
      const read = readJson(text);
      expect(!read.ok && read.kind).toBe('truncated');
    }
  });

  it('reports syntax errors with a position', () => {
    const read = readWholeJson('{"a": = }');
    expect(!read.ok && read.kind === 'syntax' && read.message).toBe("unexpected '=' at position 6");
    const trailing = readWholeJson('{"a": 1} and more');
    expect(!trailing.ok && trailing.kind === 'syntax' && trailing.message).toContain('unexpected text after');
  });

  it('stops at a nesting limit instead of overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const read = readJson(deep);
    expect(!read.ok && read.kind).toBe('too_deep');
  });
});

describe('describeMissing', () => {
  it('names runs of the same closer once, innermost first', () => {
    expect(describeMissing('}')).toBe('missing closing brace');
    expect(describeMissing('"]}}')).toBe('missing closing quote, closing bracket and 2 closing braces');
  });
});
