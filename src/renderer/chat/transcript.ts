import { ownMessage } from '../../shared/conversation';
import type { EventOf, HermesEvent } from '../../shared/events';
import { summariseArguments } from '../../shared/graph';

/** A tool call as the chat shows it: one compact card. */
export interface ToolCard {
  kind: 'tool';
  key: string;
  name: string;
  args: string;
  status: 'running' | 'succeeded' | 'failed' | 'waiting' | 'denied';
  durationMs?: number;
  error?: string;
}

/** One entry of the chat transcript, derived from a run's events. */
export type TranscriptItem =
  | { kind: 'user'; key: string; text: string }
  | { kind: 'agent'; key: string; text: string }
  | ToolCard
  | {
      kind: 'request';
      key: string;
      runId: string;
      requestKind: 'question' | 'approval';
      text: string;
      open: boolean;
    }
  | { kind: 'reply'; key: string; text: string }
  | { kind: 'answer'; key: string; text: string }
  | { kind: 'failure'; key: string; text: string }
  | { kind: 'note'; key: string; text: string };

const ARGS = 80;

/** What the chat shows for one run: the person's task, the agent's text, tool cards, requests, the end. */
export function transcriptOf(runId: string, task: string, events: readonly HermesEvent[]): TranscriptItem[] {
  const items: TranscriptItem[] = [{ kind: 'user', key: `${runId}:task`, text: ownMessage(task) }];
  const cards = new Map<string, ToolCard>();
  const requests = new Map<string, Extract<TranscriptItem, { kind: 'request' }>>();
  const nativeRounds = new Set<number>();
  const responses = new Map<number, EventOf<'model.response'>>();

  const card = (key: string, name: string, args: Record<string, unknown>): ToolCard => {
    const existing = cards.get(key);
    if (existing) return existing;
    const created: ToolCard = {
      kind: 'tool',
      key,
      name,
      args: summariseArguments(args, ARGS),
      status: 'running',
    };
    cards.set(key, created);
    items.push(created);
    return created;
  };

  for (const event of events) {
    switch (event.type) {
      case 'run.started':
        if (items[0]?.kind === 'user') items[0].text = ownMessage(event.task);
        break;
      case 'model.response':
        responses.set(event.round, event);
        break;
      case 'decision':
        if (event.kind === 'tool_call' && event.source === 'native' && !nativeRounds.has(event.round)) {
          nativeRounds.add(event.round);
          const text = responses.get(event.round)?.raw.content?.trim();
          if (text) items.push({ kind: 'agent', key: `${runId}:r${event.round}`, text });
        }
        break;
      case 'tool.started':
        card(`${runId}:${event.callId}`, event.name, event.arguments).status = 'running';
        break;
      case 'tool.finished': {
        const done = card(`${runId}:${event.callId}`, event.name, event.arguments);
        done.status = 'succeeded';
        done.durationMs = event.durationMs;
        break;
      }
      case 'tool.failed': {
        const failed = card(`${runId}:${event.callId}`, event.name, event.arguments);
        failed.status = event.kind === 'denied' ? 'denied' : 'failed';
        failed.durationMs = event.durationMs;
        failed.error = event.error;
        break;
      }
      case 'human.requested': {
        if (event.toolCall) {
          card(`${runId}:${event.toolCall.callId}`, event.toolCall.name, event.toolCall.arguments).status =
            'waiting';
        }
        const request = {
          kind: 'request' as const,
          key: `${runId}:${event.requestId}`,
          runId,
          requestKind: event.kind,
          text: requestText(event),
          open: true,
        };
        requests.set(event.requestId, request);
        items.push(request);
        break;
      }
      case 'human.responded': {
        const request = requests.get(event.requestId);
        if (request) request.open = false;
        items.push({ kind: 'reply', key: `${runId}:${event.requestId}:reply`, text: replyText(event) });
        break;
      }
      case 'run.finished':
        items.push(finishItem(runId, event));
        break;
      default:
        break;
    }
  }
  return items;
}

function requestText(event: EventOf<'human.requested'>): string {
  if (event.kind === 'question') return event.question ?? 'The agent asks you something.';
  const call = event.toolCall;
  return call ? `Approve ${call.name} (${call.risk})?` : (event.question ?? 'The agent asks for approval.');
}

function replyText(event: EventOf<'human.responded'>): string {
  if (event.kind === 'question') return event.answer ?? '';
  if (event.decision === 'denied') return event.reason ? `Denied: ${event.reason}` : 'Denied.';
  const edited = event.editedArguments ? ' with edited arguments' : '';
  const scope = event.scope === 'run' ? ' for this run' : event.scope === 'always' ? ' from now on' : '';
  return `Approved${edited}${scope}.`;
}

function finishItem(runId: string, event: EventOf<'run.finished'>): TranscriptItem {
  const key = `${runId}:end`;
  if (event.status === 'succeeded') return { kind: 'answer', key, text: event.answer ?? '' };
  if (event.status === 'cancelled') return { kind: 'note', key, text: 'The run was cancelled.' };
  return { kind: 'failure', key, text: event.error ?? 'The run failed.' };
}
