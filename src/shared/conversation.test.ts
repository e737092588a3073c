import { describe, expect, it } from 'vitest';
import { ownMessage } from './conversation';

describe('ownMessage', () => {
  it('drops the earlier turns a follow-up carries', () => {
    const task = 'Earlier in this conversation —\ntask: a; answer: b\n\nAnd in percent?\nPlease.';
    expect(ownMessage(task)).toBe('And in percent?\nPlease.');
  });

  it('leaves a first message as it is', () => {
    expect(ownMessage('Compare two weeks')).toBe('Compare two weeks');
  });
});
