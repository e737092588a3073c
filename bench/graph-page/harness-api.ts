import type { HermesApi, RoundContext } from '../../src/shared/api';
import type { HermesEvent } from '../../src/shared/events';

/**
 * The one call the inspector makes, answered from the events themselves: enough to draw "Context the
 * model saw" without a server. Every other call is refused.
 */
export function harnessApi(events: () => readonly HermesEvent[]): HermesApi {
  const getRoundContext: HermesApi['getRoundContext'] = async ({ round }) => {
    const run = events();
    const started = run.find((event) => event.type === 'run.started');
    const earlier = run.filter(
      (event) => (event.type === 'tool.finished' || event.type === 'tool.failed') && event.round < round,
    );
    const context: RoundContext = {
      round,
      mode: 'native',
      messages: [
        {
          role: 'system',
          content: 'You are Hermes, an agent that uses tools to finish the task.',
          tokens: 14,
        },
        { role: 'user', content: started?.type === 'run.started' ? started.task : '', tokens: 9 },
        ...earlier.slice(-4).map((event) => ({
          role: 'tool',
          content: 'observation' in event ? event.observation : '',
          toolCallId: 'callId' in event ? event.callId : undefined,
          tokens: 20,
        })),
      ],
      tools: started?.type === 'run.started' ? started.tools : [],
      tokens: 43 + 20 * Math.min(4, earlier.length),
      share: 0.02,
      windowTokens: 16_000,
      changes: [],
    };
    return context;
  };
  return new Proxy({ getRoundContext } as HermesApi, {
    get(target, name) {
      if (name === 'getRoundContext') return target.getRoundContext;
      if (name === 'subscribe') return () => () => undefined;
      return async () => ({ ok: false, error: `${String(name)} is not part of the graph harness` });
    },
  });
}
