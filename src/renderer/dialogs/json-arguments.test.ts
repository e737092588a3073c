import { describe, expect, it } from 'vitest';
import { parseArguments } from './json-arguments';

describe('parseArguments', () => {
  const original = { command: 'ls', cwd: '.' };

  it('sees unchanged arguments as not edited, whatever the key order and spacing', () => {
    expect(parseArguments('{ "cwd": ".",\n "command": "ls" }', original)).toEqual({
      ok: true,
      value: { cwd: '.', command: 'ls' },
      edited: false,
    });
  });

  it('sees a changed value as edited', () => {
    expect(parseArguments('{"command": "ls -la", "cwd": "."}', original)).toMatchObject({
      ok: true,
      edited: true,
    });
  });

  it('says what is wrong with broken JSON', () => {
    const parsed = parseArguments('{"command": ', original);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^Not valid JSON: /);
  });

  it('refuses JSON that is not an object', () => {
    expect(parseArguments('["ls"]', original)).toEqual({
      ok: false,
      error: 'The arguments must be a JSON object, like {"path": "notes.txt"}.',
    });
  });
});
