import { describe, expect, it } from 'vitest';
import { replayKeyAction, usesArrowKeys } from './replay-keys';

const plain = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
const body = { tagName: 'BODY' };

describe('replay keys', () => {
  it('maps ←/→ and Home/End to steps', () => {
    expect(
      ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'a'].map((key) => replayKeyAction(key, plain, body)),
    ).toEqual(['back', 'forward', 'first', 'last', undefined]);
    expect(replayKeyAction('ArrowLeft', { ...plain, ctrlKey: true }, body)).toBeUndefined();
  });

  it('leaves the keys to text fields, selects and sliders, but not to buttons', () => {
    expect(usesArrowKeys({ tagName: 'INPUT' })).toBe(true);
    expect(usesArrowKeys({ tagName: 'input', type: 'range' })).toBe(true);
    expect(usesArrowKeys({ tagName: 'TEXTAREA' })).toBe(true);
    expect(usesArrowKeys({ tagName: 'SELECT' })).toBe(true);
    expect(usesArrowKeys({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(usesArrowKeys({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(usesArrowKeys({ tagName: 'BUTTON' })).toBe(false);
    expect(usesArrowKeys(null)).toBe(false);
    expect(replayKeyAction('ArrowRight', plain, { tagName: 'TEXTAREA' })).toBeUndefined();
  });
});
