import gpt4o from 'gpt-tokenizer/model/gpt-4o';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../models/types';
import { createTokenCounter, estimateTokens, openAiEncoding } from './tokens';

const SAMPLES = [
  'The agent read the file and found 37 errors in the last 2,000 lines of the log.',
  'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  '{"id":12345,"name":"Widget","price":19.99,"tags":["a","b"],"active":true}',
  '2024-05-01T12:00:00.000Z ERROR [worker-3] Timeout after 3000ms waiting for 0x7ffe1234',
  'date,region,units,revenue\n2024-01-01,North,12,1439.88\n2024-01-02,South,7,839.93',
  '東京都の人口は約1400万人です。これはテストの文章です。',
  'Ünïcödé façade naïve café — “quotes” and emoji 🎉🚀 mixed in.',
  '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
];

describe('openAiEncoding', () => {
  it('maps OpenAI model families to their encodings', () => {
    expect(openAiEncoding('gpt-4o-mini')).toBe('o200k_base');
    expect(openAiEncoding('gpt-4.1')).toBe('o200k_base');
    expect(openAiEncoding('gpt-5-nano')).toBe('o200k_base');
    expect(openAiEncoding('o3-mini')).toBe('o200k_base');
    expect(openAiEncoding('o1')).toBe('o200k_base');
    expect(openAiEncoding('chatgpt-4o-latest')).toBe('o200k_base');
    expect(openAiEncoding('openai/gpt-4o')).toBe('o200k_base');
    expect(openAiEncoding('GPT-4')).toBe('cl100k_base');
    expect(openAiEncoding('gpt-4-turbo')).toBe('cl100k_base');
    expect(openAiEncoding('gpt-3.5-turbo')).toBe('cl100k_base');
  });

  it('knows no encoding for other models', () => {
    for (const model of ['llama-3.1-8b-instruct', 'qwen2.5-7b', 'hermes-3', 'o1x', 'omni', 'claude-3', '']) {
      expect(openAiEncoding(model)).toBeUndefined();
    }
  });
});

describe('createTokenCounter', () => {
  it('counts exactly with the model tokenizer for OpenAI models', () => {
    const counter = createTokenCounter('gpt-4o');
    expect(counter.exact).toBe(true);
    expect(counter.count('Hello, world!')).toBe(4);
    for (const sample of SAMPLES) expect(counter.count(sample)).toBe(gpt4o.countTokens(sample));
    expect(createTokenCounter('gpt-3.5-turbo').count('Hello, world!')).toBe(4);
  });

  it('counts special-token strings in tool output as plain text instead of throwing', () => {
    const counter = createTokenCounter('gpt-4o');
    expect(counter.count('before <|endoftext|> after <|im_start|>')).toBeGreaterThan(5);
  });

  it('counts long unbroken runs in chunks, close to the tokenizer on the whole run', () => {
    const counter = createTokenCounter('gpt-4o');
    for (const run of ['漢字テスト'.repeat(100), 'ab'.repeat(400), '='.repeat(600), ' '.repeat(500)]) {
      const whole = gpt4o.countTokens(run);
      expect(counter.count(run)).toBeGreaterThanOrEqual(Math.floor(whole * 0.95));
      expect(counter.count(run)).toBeLessThanOrEqual(Math.ceil(whole * 1.5) + 10);
    }
  });

  it('over-counts with the estimate for models whose tokenizer is unknown', () => {
    const counter = createTokenCounter('llama-3.1-8b-instruct');
    expect(counter.exact).toBe(false);
    const cl100k = createTokenCounter('gpt-4');
    const o200k = createTokenCounter('gpt-4o');
    for (const sample of SAMPLES) {
      expect(counter.count(sample)).toBe(estimateTokens(sample));
      expect(counter.count(sample)).toBeGreaterThanOrEqual(cl100k.count(sample));
      expect(counter.count(sample)).toBeGreaterThanOrEqual(o200k.count(sample));
    }
    expect(counter.count('')).toBe(0);
  });

  it('adds the per-message overhead of the chat format, as OpenAI counts it', () => {
    const messages = [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Hello, world!' },
    ] satisfies ChatMessage[];
    const counter = createTokenCounter('gpt-4o');
    expect(counter.countMessages(messages)).toBe(gpt4o.countChatCompletionTokens?.({ messages }));
  });

  it('counts tool calls, tool results and the tool definitions', () => {
    const counter = createTokenCounter('gpt-4o');
    const base: ChatMessage[] = [{ role: 'user', content: 'Read notes.md' }];
    const withCall: ChatMessage[] = [
      ...base,
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"notes.md"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'first line of the notes' },
    ];
    const tools: ToolSpec[] = [
      {
        type: 'function',
        function: {
          name: 'read_file',
          description: 'Read a file',
          parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
      },
    ];
    const plain = counter.countMessages(base);
    const called = counter.countMessages(withCall);
    expect(called - plain).toBeGreaterThanOrEqual(
      counter.count('read_file') +
        counter.count('{"path":"notes.md"}') +
        counter.count('first line of the notes'),
    );
    expect(counter.countMessages(base, tools) - plain).toBeGreaterThan(counter.count('Read a file'));
    const estimated = createTokenCounter('qwen2.5-7b');
    expect(estimated.countMessages(withCall, tools)).toBeGreaterThan(counter.countMessages(withCall, tools));
  });
});
