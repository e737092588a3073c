import type { HermesEvent } from '../../shared/events';
import { isBlobRef } from '../../shared/events';

/** One human-readable line per event, e.g. `[TOOL_FINISHED] query_sales_data 182 ms total_amount=284730`. */
export function formatEvent(event: HermesEvent): string {
  const tag = `[${event.type.replace('.', '_').toUpperCase()}]`;
  return `${tag} ${describe(event)}`.trimEnd();
}

function describe(event: HermesEvent): string {
  switch (event.type) {
    case 'run.started':
      return `${event.runId} model=${event.model.model} (${event.model.baseUrl}) workspace=${event.workspace}`;
    case 'model.request':
      return `round ${event.round}: ${event.messageCount} messages, ~${event.tokenEstimate} tokens${event.mode === 'json' ? ' (JSON mode)' : ''}`;
    case 'model.response':
      return `round ${event.round}: ${event.latencyMs} ms, ${event.usage.prompt}+${event.usage.completion} tokens`;
    case 'model.retry':
      return `round ${event.round} attempt ${event.attempt}: ${event.error}${event.delayMs ? `; retrying in ${event.delayMs} ms` : ''}`;
    case 'decision': {
      const why = event.reason ? ` — ${short(event.reason, 100)}` : '';
      if (event.kind === 'tool_call') {
        return `tool_call ${event.toolName} ${short(JSON.stringify(event.arguments ?? {}), 120)}${why}`;
      }
      return `${event.kind}${event.content ? ` ${short(event.content, 120)}` : ''}${why}`;
    }
    case 'tool.started':
      return `${event.name} ${short(JSON.stringify(event.arguments), 120)}`;
    case 'tool.finished':
      return `${event.name} ${event.durationMs} ms ${summarise(event.output)}`.trimEnd();
    case 'tool.failed':
      return `${event.name} (${event.kind}) ${short(event.error, 200)}`;
    case 'tool.disabled':
      return `${event.name}: ${event.reason}`;
    case 'context.updated':
      return `${event.op} ${event.role} ${event.messageId} ${event.tokens} tokens: ${event.reason}`;
    case 'human.requested':
      return event.kind === 'question'
        ? `question: ${event.question ?? ''}`
        : `approval for ${event.toolCall?.name ?? '?'} ${short(JSON.stringify(event.toolCall?.arguments ?? {}), 120)}`;
    case 'human.responded':
      return event.kind === 'question'
        ? `answer: ${short(event.answer ?? '', 120)}`
        : `${event.decision ?? ''}${event.reason ? `: ${event.reason}` : ''}`;
    case 'run.paused':
    case 'run.resumed':
      return event.reason;
    case 'run.finished': {
      const r = event.report;
      const detail = event.error ? `: ${event.error}` : '';
      return `${event.status} in ${r.rounds} rounds, ${(r.durationMs / 1000).toFixed(1)} s, ${r.tokens.total} tokens, ${r.toolCalls} tool calls${detail}`;
    }
    default: {
      const unknown: never = event;
      return JSON.stringify(unknown);
    }
  }
}

/** A tool output in a few words: its scalar fields (`total_amount=284730`), or the start of its text. */
export function summarise(output: unknown): string {
  if (isBlobRef(output)) return `(${output.bytes} bytes stored)`;
  if (typeof output === 'string') return short(output.replace(/\s+/g, ' '), 100);
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const fields = Object.entries(output as Record<string, unknown>)
      .filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
      .slice(0, 4)
      .map(([key, value]) => `${key}=${short(String(value).replace(/\s+/g, ' ').trim(), 40)}`);
    if (fields.length) return fields.join(' ');
  }
  return short(JSON.stringify(output) ?? '', 100);
}

function short(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
