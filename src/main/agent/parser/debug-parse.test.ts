import { describe, expect, it } from 'vitest';
import { debugParse } from './debug-parse';

describe('debugParse', () => {
  it('reads the whole input as one message without ndjson', () => {
    const input = JSON.stringify({
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{"path": "."}' } }],
    });
    expect(debugParse(`${input}\n`, false)).toEqual([
      '[{"type":"tool_call","toolName":"ls","arguments":{"path":"."},"callId":"c1","source":"native"}]',
    ]);
  });

  it('reads one message per non-empty line with ndjson', () => {
    const lines = [JSON.stringify({ content: 'Hi' }), '', '  ', JSON.stringify({ content: '' })].join('\r\n');
    expect(debugParse(lines, true)).toEqual([
      '[{"type":"final_answer","content":"Hi"}]',
      '[{"type":"invalid","reason":"the reply was empty","content":""}]',
    ]);
  });

  it('takes a line that is not JSON as the content of a message', () => {
    expect(debugParse('<tool_call>{"name": "ls", "arguments": {}}</tool_call>', true)).toEqual([
      '[{"type":"tool_call","toolName":"ls","arguments":{},"source":"content"}]',
    ]);
  });

  it('takes a raw JSON reply (not a message) as content', () => {
    expect(debugParse('{"type": "final_answer", "content": "42"}', false)).toEqual([
      '[{"type":"final_answer","content":"42"}]',
    ]);
  });

  it('unwraps a chat completion and an Ollama response', () => {
    const completion = JSON.stringify({
      choices: [{ message: { role: 'assistant', content: 'From choices' } }],
    });
    const ollama = JSON.stringify({
      model: 'llama3.1',
      message: { role: 'assistant', content: 'From ollama' },
    });
    expect(debugParse(`${completion}\n${ollama}`, true)).toEqual([
      '[{"type":"final_answer","content":"From choices"}]',
      '[{"type":"final_answer","content":"From ollama"}]',
    ]);
  });

  it('answers an empty input with one line', () => {
    expect(debugParse('', false)).toEqual([
      '[{"type":"invalid","reason":"the reply was empty","content":""}]',
    ]);
    expect(debugParse('', true)).toEqual([]);
  });
});
