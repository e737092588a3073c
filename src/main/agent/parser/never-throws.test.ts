import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AssistantMessage, type Decision, decisionSchema } from '../../../shared/decision';
import { seededRandom } from '../../../shared/seeded-random';
import { parseDecisions } from './index';

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  ',',
  '\\',
  '\n',
  ' ',
  'name',
  '"name": ',
  '"arguments": ',
  '"type": "tool_call"',
  'tool_name',
  'True',
  'None',
  '<tool_call>',
  '</tool_call>',
  '<function=',
  '</function>',
  '<parameter=',
  '</parameter>',
  '<invoke name="x">',
  '[TOOL_CALLS]',
  '[ARGS]',
  '[CALL_ID]',
  '<|python_tag|>',
  '```',
  '```json\n',
  '```tool_code\n',
  '<think>',
  '</think>',
  'Action: ',
  'Action Input: ',
  'Final Answer: ',
  'call:',
  '<|"|>',
  'f(',
  ')',
  '=',
  '/*',
  '//',
  'ask_user',
  'é✓',
];

function randomText(random: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 6 : 9));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return random() * 100;
    case 3:
      return randomText(random, Math.floor(random() * 12));
    case 4:
      return random() > 0.5;
    case 5:
      return JSON.stringify({ a: randomText(random, 3) });
    case 6:
      return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
    case 7:
      return { name: randomValue(random, depth + 1), arguments: randomValue(random, depth + 1) };
    default:
      return {
        id: 'c',
        function: { name: randomValue(random, depth + 1), arguments: randomValue(random, depth + 1) },
      };
  }
}

function corpusContents(): string[] {
  const dir = fileURLToPath(new URL('./corpus', import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { input: AssistantMessage }[])
    .map((entry) => entry.input.content ?? '')
    .filter((content) => content !== '');
}

/** `hostile`: the input throws when read, so the last-resort catch may answer for it. */
function expectUsable(decisions: Decision[], hostile = false): void {
  expect(decisions.length).toBeGreaterThan(0);
  for (const decision of decisions) {
    if (!hostile) expect(decision.reason ?? '').not.toMatch(/^the reply could not be read/);
    const checked = decisionSchema.safeParse(decision);
    expect(checked.success).toBe(true);
    if (decision.type === 'invalid') {
      expect(decision.reason?.length).toBeGreaterThan(0);
      expect(decision.content?.length ?? 0).toBeLessThanOrEqual(201);
    }
    if (decision.reason !== undefined) expect(decision.reason.length).toBeLessThanOrEqual(501);
  }
  // Decisions go into the event log as JSON.
  expect(() => JSON.stringify(decisions)).not.toThrow();
}

function parseAnything(message: unknown, toolNames?: unknown): Decision[] {
  return parseDecisions(message as AssistantMessage, { toolNames: toolNames as string[] });
}

describe('parseDecisions never throws', () => {
  it('on random text made of format fragments', () => {
    const random = seededRandom(20240601);
    for (let i = 0; i < 3000; i++) {
      const content = randomText(random, 1 + Math.floor(random() * 40));
      expectUsable(parseAnything({ content }, i % 3 === 0 ? ['f', 'name', 'x'] : undefined));
    }
  });

  it('on every corpus reply cut at random points', () => {
    const random = seededRandom(99);
    for (const content of corpusContents()) {
      for (let i = 0; i < 25; i++) {
        const cut = Math.floor(random() * content.length);
        expectUsable(parseAnything({ content: content.slice(0, cut) }));
        expectUsable(parseAnything({ content: content.slice(cut) }));
      }
    }
  });

  it('on random tool_calls structures', () => {
    const random = seededRandom(4242);
    for (let i = 0; i < 2000; i++) {
      const calls = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomValue(random, 0));
      expectUsable(parseAnything({ content: randomValue(random, 2), tool_calls: calls }));
    }
  });

  it('on messages that are not messages', () => {
    for (const message of [
      null,
      undefined,
      42,
      'plain text',
      [],
      [1, 2],
      true,
      Symbol('x'),
      () => 1,
      new Date(0),
    ]) {
      expectUsable(parseAnything(message));
    }
    expectUsable(parseAnything({ content: 'hi' }, 'not an array'));
    expectUsable(parseAnything({ content: 'hi' }, [1, null, {}]));
    expectUsable(parseAnything({ content: [{ type: 'text', text: 'parts' }, 7, null] }));
    expectUsable(parseAnything({ content: 12, tool_calls: 'nope' }));
  });

  it('on cyclic and hostile tool call arguments', () => {
    const cyclic: Record<string, unknown> = { path: 'a' };
    cyclic.self = cyclic;
    const decisions = parseAnything({
      tool_calls: [{ id: 'c1', function: { name: 'write', arguments: cyclic } }],
    });
    expectUsable(decisions);
    expect(decisions[0]).toMatchObject({ type: 'invalid', callId: 'c1', source: 'native' });
    expect(decisions[0]?.reason).toContain('circular');

    const hostile = {
      get function(): never {
        throw new Error('getter exploded');
      },
    };
    expectUsable(parseAnything({ tool_calls: [hostile] }), true);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expectUsable(
      parseAnything({ tool_calls: [{ function: { name: 'x', arguments: revocable.proxy } }] }),
      true,
    );
    expectUsable(parseAnything(revocable.proxy), true);
    expectUsable(
      parseAnything({
        tool_calls: [{ function: { name: 'x', arguments: { big: 10n, sym: Symbol('s'), fn: () => 1 } } }],
      }),
    );
  });

  it('on deeply nested junk', () => {
    const nested = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    expectUsable(parseAnything({ content: nested }));
    expectUsable(parseAnything({ content: '['.repeat(200_000) }));
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) {
      const next: Record<string, unknown> = {};
      deep.x = next;
      deep = next;
    }
    expectUsable(parseAnything({ tool_calls: [{ function: { name: 'x', arguments: root } }] }));
  });
});

describe('large replies', () => {
  const MB = 1_000_000;
  const shapes: Record<string, string> = {
    'open braces': '{'.repeat(MB),
    'empty arrays': '[]'.repeat(MB / 2),
    'an unterminated string': `{"name": "write", "arguments": {"content": "${'x'.repeat(MB)}`,
    'think blocks': '<think></think>'.repeat(MB / 15),
    'tool_call openers': '<tool_call>'.repeat(MB / 11),
    'function openers': '<function='.repeat(MB / 10),
    'parameter tags': `<function=f>${'<parameter=k>v'.repeat(MB / 14)}`,
    'mistral markers': '[TOOL_CALLS]'.repeat(MB / 12),
    'ReAct labels': 'Action: x\n'.repeat(MB / 10),
    prose: 'The quick brown fox {jumps} over [the] lazy dog. '.repeat(MB / 50),
    'a large valid call': JSON.stringify({ name: 'write', arguments: { content: 'y'.repeat(MB) } }),
  };
  for (const [name, content] of Object.entries(shapes)) {
    it(`returns on 1 MB of ${name}`, () => {
      expectUsable(parseAnything({ content }));
    });
  }
});
