import { describe, expect, it } from 'vitest';
import { projectRun } from '../../shared/graph';
import { richRun } from '../../shared/graph/test-events';
import {
  formatDuration,
  formatShare,
  formatSize,
  formatTokens,
  prettyJson,
  preview,
  relatedSeqs,
} from './format';

describe('inspector formatting', () => {
  it('shows values as indented JSON, re-indents JSON held in strings and leaves other text alone', () => {
    expect(prettyJson({ a: [1, 2], b: null })).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": null\n}');
    expect(prettyJson('{"rows":[1]}')).toBe('{\n  "rows": [\n    1\n  ]\n}');
    expect(prettyJson('{not json')).toBe('{not json');
    expect(prettyJson('plain words')).toBe('plain words');
    expect(prettyJson({ $blob: 'sha', bytes: 2_000_000 })).toBe('(2000000 bytes stored out of line)');
    expect(prettyJson(undefined)).toBe('');
    expect(prettyJson(10n)).toBe('"10"');
  });

  it('previews the first 4 KB of long text without splitting a character', () => {
    expect(preview('short')).toEqual({ text: 'short', cut: false });
    const long = 'x'.repeat(10_000);
    expect(preview(long)).toEqual({ text: 'x'.repeat(4_096), cut: true });
    const emoji = `${'a'.repeat(4_095)}😀tail`;
    expect(preview(emoji)).toEqual({ text: 'a'.repeat(4_095), cut: true });
    expect(formatSize(10_000)).toBe('9.8 KB');
    expect(formatSize(12)).toBe('12 characters');
  });

  it('writes durations, tokens and shares as people read them', () => {
    expect([840, 3_240, 42_000, 125_000, 120_000].map(formatDuration)).toEqual([
      '840 ms',
      '3.2 s',
      '42 s',
      '2 min 5 s',
      '2 min',
    ]);
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatTokens(12_400)).toBe('12,400 tokens');
    expect([0.42, 0.004, 0].map(formatShare)).toEqual(['42%', '0.4%', '0%']);
  });

  it('finds every event a node stands for', () => {
    const graph = projectRun(richRun().events);
    const round = graph.nodes.find((node) => node.id === 'round:1');
    const tool = graph.nodes.find((node) => node.kind === 'tool' && node.status === 'ok');
    expect(round && relatedSeqs(round)).toEqual([2, 3, 4, 5, 6]);
    expect(tool && relatedSeqs(tool)).toEqual([4, 7, 10]);
  });
});
