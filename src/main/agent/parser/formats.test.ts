import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Decision } from '../../../shared/decision';
import { parseDecisions } from './index';

function parse(content: string, toolNames?: string[]): Decision[] {
  return parseDecisions({ content }, { toolNames });
}

function parseMessage(message: unknown): Decision[] {
  return parseDecisions(message as AssistantMessage);
}

describe('native tool calls', () => {
  it('reads calls with name and arguments flattened onto the call', () => {
    expect(parseMessage({ tool_calls: [{ id: 'c1', name: 'ls', arguments: '{"path": "."}' }] })).toEqual([
      { type: 'tool_call', toolName: 'ls', arguments: { path: '.' }, callId: 'c1', source: 'native' },
    ]);
  });

  it('reads the legacy function_call field and a single call object', () => {
    expect(parseMessage({ function_call: { name: 'ls', arguments: '{}' } })).toEqual([
      { type: 'tool_call', toolName: 'ls', arguments: {}, source: 'native' },
    ]);
    expect(parseMessage({ tool_calls: { id: 'c', function: { name: 'ls' } } })[0]).toMatchObject({
      toolName: 'ls',
      callId: 'c',
    });
  });

  it('names the position of a call that is not an object', () => {
    const decisions = parseMessage({ tool_calls: [{ function: { name: 'ls', arguments: '{}' } }, 'junk'] });
    expect(decisions[1]).toMatchObject({ type: 'invalid', reason: 'native tool call #2 is not an object' });
  });

  it('says what is wrong with arguments, naming the tool and keeping the call id', () => {
    const broken = parseMessage({
      tool_calls: [{ id: 'c9', function: { name: 'grep', arguments: '{"q": x}' } }],
    });
    expect(broken[0]).toMatchObject({ type: 'invalid', callId: 'c9', source: 'native' });
    expect(broken[0]?.reason).toBe(
      `the arguments for tool "grep" are not valid JSON: unexpected 'x' at position 6`,
    );
    const number = parseMessage({ tool_calls: [{ function: { name: 'grep', arguments: 5 } }] });
    expect(number[0]?.reason).toBe('the arguments for tool "grep" are a number, not a JSON object');
    const named = parseMessage({ tool_calls: [{ function: { name: 7, arguments: '{}' } }] });
    expect(named[0]?.reason).toBe('the tool name is not a string');
  });

  it('copies object arguments into plain JSON', () => {
    const args = { when: new Date(0), count: 10n, skip: undefined, fn: () => 1, list: [1, undefined] };
    const [decision] = parseMessage({ tool_calls: [{ function: { name: 'log', arguments: args } }] });
    expect(decision?.arguments).toEqual({ when: '1970-01-01T00:00:00.000Z', count: 10, list: [1, null] });
    expect(decision?.arguments).not.toBe(args);
  });

  it('prefers the think text over the visible text as the reason', () => {
    const [decision] = parseMessage({
      content: '<think>plan: list first</think>Listing now.',
      tool_calls: [{ function: { name: 'ls', arguments: '{}' } }],
    });
    expect(decision?.reason).toBe('plan: list first');
  });
});

describe('think blocks', () => {
  it('joins several blocks and ignores tag case', () => {
    const [decision] = parse('<THINK>one</THINK>Answer<think>two</think>');
    expect(decision).toEqual({ type: 'final_answer', content: 'Answer', reason: 'one\n\ntwo' });
  });

  it('trims long thinking to about 500 characters', () => {
    const [decision] = parse(`<think>${'why '.repeat(400)}</think>Done.`);
    expect(decision?.reason?.length).toBeLessThanOrEqual(501);
    expect(decision?.reason?.endsWith('…')).toBe(true);
  });
});

describe('JSON in content', () => {
  it('reads shorthand answers and questions', () => {
    expect(parse('{"final_answer": "42"}')).toEqual([{ type: 'final_answer', content: '42' }]);
    expect(parse('{"ask_user": "Which year?"}')).toEqual([{ type: 'ask_user', content: 'Which year?' }]);
    expect(parse('{"action": "ask_user", "action_input": "Which file?"}')).toEqual([
      { type: 'ask_user', content: 'Which file?' },
    ]);
  });

  it('uses the tool names to tell a call from data', () => {
    expect(parse('{"name": "Alice", "age": 3}', ['search'])[0]?.type).toBe('final_answer');
    expect(parse('{"name": "search"}', ['search'])).toEqual([
      { type: 'tool_call', toolName: 'search', arguments: {}, source: 'content' },
    ]);
    expect(parse('{"search": {"q": "x"}}')[0]?.type).toBe('final_answer');
  });

  it('reads nested call objects', () => {
    expect(parse('{"tool": {"name": "ls", "args": {"path": "/"}}}')[0]).toMatchObject({
      toolName: 'ls',
      arguments: { path: '/' },
    });
    expect(parse('{"function_call": {"name": "ls", "arguments": "{\\"path\\": \\"/\\"}"}}')[0]).toMatchObject(
      {
        toolName: 'ls',
        arguments: { path: '/' },
      },
    );
  });

  it('keeps only the decisions when data JSON sits beside a call', () => {
    const decisions = parse('Input {"q": 1} then {"name": "search", "arguments": {"q": 1}}');
    expect(decisions).toEqual([
      {
        type: 'tool_call',
        toolName: 'search',
        arguments: { q: 1 },
        source: 'content',
        reason: 'Input {"q": 1} then',
      },
    ]);
  });

  it('reports a call cut off in the middle of prose, but not cut-off data', () => {
    expect(parse('Calling: {"name": "search", "arguments": {"q": "long')[0]?.reason).toBe(
      'the JSON for the call to "search" is truncated: missing closing quote and 2 closing braces',
    );
    expect(parse('The totals are {"a": 1')[0]?.type).toBe('final_answer');
  });
});

describe('Mistral', () => {
  it('skips a [CALL_ID] before [ARGS]', () => {
    expect(parse('[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Rome"}')).toEqual([
      { type: 'tool_call', toolName: 'get_weather', arguments: { city: 'Rome' }, source: 'content' },
    ]);
  });

  it('reports a named call without arguments', () => {
    expect(parse('[TOOL_CALLS]get_weather[ARGS]')[0]?.reason).toBe(
      'the tool call is truncated: the call to get_weather has no arguments',
    );
  });
});

describe('Python call syntax', () => {
  it('unwraps print(default_api.…) in tool_code blocks', () => {
    expect(parse('```tool_code\nprint(default_api.get_weather(city="Oslo"))\n```')).toEqual([
      { type: 'tool_call', toolName: 'get_weather', arguments: { city: 'Oslo' }, source: 'content' },
    ]);
  });

  it('reads lists, dicts, numbers, Python literals and triple-quoted strings', () => {
    const [decision] = parse(
      '```tool_code\nwrite(path="a.py", body="""x = 1\nprint(x)""", tags=[\'a\', "b"], opts={"n": 2}, ok=True, n=-1.5)\n```',
    );
    expect(decision?.arguments).toEqual({
      path: 'a.py',
      body: 'x = 1\nprint(x)',
      tags: ['a', 'b'],
      opts: { n: 2 },
      ok: true,
      n: -1.5,
    });
  });

  it('asks for named arguments when given positional ones', () => {
    expect(parse('```tool_code\nget_weather("Oslo")\n```')[0]?.reason).toBe(
      'the call to get_weather passes arguments by position; pass them by name (key=value)',
    );
  });

  it('reads a bare call only when it names a known tool', () => {
    expect(parse('get_weather(city="Oslo")', ['get_weather'])[0]?.type).toBe('tool_call');
    expect(parse('print("hello")', ['get_weather'])).toEqual([
      { type: 'final_answer', content: 'print("hello")' },
    ]);
  });

  it('reports an unclosed tool_code call as truncated', () => {
    expect(parse('```tool_code\nget_weather(city="Os')[0]?.reason).toContain('the tool call is truncated');
  });
});

describe('tags', () => {
  it('reports empty and cut-off blocks differently', () => {
    expect(parse('<tool_call></tool_call>')[0]?.reason).toBe('the tool call block is empty');
    expect(parse('Let me check.<tool_call>')[0]?.reason).toBe(
      'the tool call is truncated: the reply ends right after the opening tag',
    );
  });

  it('reads JSON fenced inside a block', () => {
    expect(
      parse('<tool_call>\n```json\n{"name": "ls", "arguments": {}}\n```\n</tool_call>')[0],
    ).toMatchObject({
      toolName: 'ls',
    });
  });

  it('reports an <invoke> without a name and a function body that is not JSON', () => {
    expect(parse('<function_calls><invoke>x</invoke></function_calls>')[0]?.reason).toBe(
      'an <invoke> tag has no name="…" attribute',
    );
    expect(parse('<function=ls>please list</function>')[0]?.reason).toBe(
      'the body of the call to ls is neither <parameter> tags nor a JSON object',
    );
  });

  it('keeps parameter text that only looks numeric when it would lose digits', () => {
    const [decision] = parse(
      '<tool_call><function=call><parameter=phone>0042</parameter><parameter=id>123456789012345678901</parameter></function></tool_call>',
    );
    expect(decision?.arguments).toEqual({ phone: '0042', id: '123456789012345678901' });
  });
});

describe('ReAct text', () => {
  it('reads Action: Final Answer as the answer', () => {
    expect(parse('Action: Final Answer\nAction Input: 42')).toEqual([
      { type: 'final_answer', content: '42' },
    ]);
  });

  it('stops the input at Observation and reports input that is not an object', () => {
    expect(parse('Action: search\nAction Input: {"q": "x"}\nObservation: none yet')[0]).toMatchObject({
      toolName: 'search',
      arguments: { q: 'x' },
    });
    expect(parse('Action: search\nAction Input: weather in Oslo')[0]?.reason).toContain(
      'the arguments for tool "search" are not valid JSON',
    );
  });
});

describe('plain content', () => {
  it('strips end-of-turn tokens and reads content parts', () => {
    expect(parse('Hello.<|eot_id|>')).toEqual([{ type: 'final_answer', content: 'Hello.' }]);
    expect(
      parseMessage({
        content: [
          { type: 'text', text: 'Hi ' },
          { type: 'text', text: 'there' },
        ],
      }),
    ).toEqual([{ type: 'final_answer', content: 'Hi there' }]);
  });

  it('caps runaway call lists from the content', () => {
    const many = Array.from(
      { length: 150 },
      (_, i) => `<tool_call>{"name": "ls", "arguments": {"n": ${i}}}</tool_call>`,
    );
    const decisions = parse(many.join('\n'));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.reason).toBe(
      'the reply holds 150 tool calls or call attempts; send at most 100 per reply',
    );
  });
});

describe('a reply that is one JSON decision', () => {
  it('is not mistaken for the tags or markers quoted in its strings', () => {
    expect(
      parse('{"type": "final_answer", "content": "Wrap calls in <tool_call> tags or use [TOOL_CALLS]."}'),
    ).toEqual([{ type: 'final_answer', content: 'Wrap calls in <tool_call> tags or use [TOOL_CALLS].' }]);
    expect(
      parse(
        '```json\n{"type": "tool_call", "tool_name": "write", "arguments": {"text": "<function=x>"}}\n```',
      ),
    ).toEqual([
      { type: 'tool_call', toolName: 'write', arguments: { text: '<function=x>' }, source: 'content' },
    ]);
  });
});
