import { describe, expect, it } from 'vitest';
import { formatDuration, formatTokens } from './format';

describe('formatDuration', () => {
  it('picks a unit a person reads at a glance', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_440)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(7_800_000)).toBe('2 h 10 min');
  });
});

describe('formatTokens', () => {
  it('shortens large counts', () => {
    expect(formatTokens(950)).toBe('950 tokens');
    expect(formatTokens(1_234)).toBe('1.2k tokens');
    expect(formatTokens(45_600)).toBe('46k tokens');
    expect(formatTokens(1_200_000)).toBe('1.2M tokens');
  });
});
