import type { EventOf, HermesEvent } from '../shared/events';

const MAX_SUMMARY = 160;

/** One line saying what an event amounts to, for the events list. */
export function summarizeEvent(event: HermesEvent): string {
  return shorten(describe(event));
}

function describe(event: HermesEvent): string {
  switch (event.type) {
    case 'run.started':
      return `${event.task} (${event.model.model})`;
    case 'model.request':
      return `round ${event.round}: ${event.messageCount} messages, ~${event.tokenEstimate} tokens`;
    case 'model.response':
      return `round ${event.round}: ${event.usage.prompt}+${event.usage.completion} tokens in ${event.latencyMs} ms`;
    case 'model.retry':
      return `attempt ${event.attempt}: ${event.error}`;
    case 'decision':
      return decision(event);
    case 'tool.started':
      return `${event.name} ${text(event.arguments)}`;
    case 'tool.finished':
      return `${event.name} in ${event.durationMs} ms: ${event.observation}`;
    case 'tool.failed':
      return `${event.name} (${event.kind}): ${event.error}`;
    case 'tool.disabled':
      return `${event.name}: ${event.reason}`;
    case 'context.updated':
      return `${event.op} ${event.role} (${event.tokens} tokens): ${event.reason}`;
    case 'human.requested':
      return event.kind === 'approval'
        ? `approve ${event.toolCall?.name ?? 'tool call'}?`
        : (event.question ?? '');
    case 'human.responded':
      return event.kind === 'approval' ? (event.decision ?? '') : (event.answer ?? '');
    case 'run.paused':
    case 'run.resumed':
      return event.reason;
    case 'run.finished':
      return `${event.status}: ${event.answer ?? event.error ?? ''}`;
    default:
      return unreachable(event);
  }
}

function decision(event: EventOf<'decision'>): string {
  switch (event.kind) {
    case 'tool_call':
      return `call ${event.toolName ?? '?'} ${text(event.arguments ?? {})}`;
    case 'final_answer':
      return `answer: ${event.content ?? ''}`;
    case 'ask_user':
      return `ask: ${event.content ?? ''}`;
    case 'invalid':
      return `invalid: ${event.reason ?? ''}`;
    default:
      return unreachable(event.kind);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function shorten(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SUMMARY ? `${flat.slice(0, MAX_SUMMARY - 1)}…` : flat;
}

function unreachable(value: never): string {
  return `unknown: ${JSON.stringify(value)}`;
}
