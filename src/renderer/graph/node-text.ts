import { type GraphNode, STATUS_WORDS } from '../../shared/graph';
import { formatDuration } from '../inspector/format';

/** What a node shows beside its title: a tool call's duration, else its state in a word. */
export function nodeMeta(node: GraphNode): string {
  const duration = node.data.durationMs;
  if (node.kind === 'tool' && typeof duration === 'number') return formatDuration(duration);
  if (node.kind === 'decision' || node.kind === 'model') {
    const latency = (node.data.response as { latencyMs?: unknown } | undefined)?.latencyMs;
    if (typeof latency === 'number') return formatDuration(latency);
  }
  return node.status && node.status !== 'ok' ? STATUS_WORDS[node.status] : '';
}

/** The third line of a node: why the model decided what it did, when it said so. */
export function nodeDetail(node: GraphNode): string {
  if (node.kind !== 'decision' && node.kind !== 'tool') return '';
  const reason = node.data.reason;
  return typeof reason === 'string' ? reason : '';
}
