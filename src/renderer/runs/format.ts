import type { RunStatus } from '../../shared/events';

/** The status as the person reads it. */
export const STATUS_LABEL: Record<RunStatus, string> = {
  running: 'running',
  paused: 'waiting for you',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** 850 ms, 12.4 s, 3 min 05 s, 2 h 10 min. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${String(Math.floor((ms % 60_000) / 1_000)).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** 950 tokens, 12.3k tokens, 1.2M tokens. */
export function formatTokens(tokens: number): string {
  if (tokens < 1_000) return `${tokens} tokens`;
  if (tokens < 1_000_000) return `${(tokens / 1_000).toFixed(tokens < 10_000 ? 1 : 0)}k tokens`;
  return `${(tokens / 1_000_000).toFixed(1)}M tokens`;
}

/** When, relative to now for today, else the date. */
export function formatWhen(ts: number, now: number): string {
  const date = new Date(ts);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}
