import type { HermesNotice } from '../../shared/api';

/** Whether the notice stream is connected; `lost` until it reconnects. */
export type ConnectionState = 'connecting' | 'open' | 'lost';

/** One Server-Sent Events connection shared by every subscriber, reopened with backoff when it drops. */
export interface NoticeStream {
  subscribe(listener: (notice: HermesNotice) => void): () => void;
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

export function createNoticeStream(url: string, open = (u: string) => new EventSource(u)): NoticeStream {
  const listeners = new Set<(notice: HermesNotice) => void>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let source: EventSource | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let state: ConnectionState = 'connecting';

  function setState(next: ConnectionState): void {
    if (next === state) return;
    state = next;
    for (const listener of connectionListeners) listener(next);
  }

  function connect(): void {
    const current = open(url);
    source = current;
    current.onopen = () => {
      retryMs = FIRST_RETRY_MS;
      setState('open');
    };
    current.onmessage = (message: MessageEvent<string>) => {
      const notice = parse(message.data);
      if (notice) for (const listener of listeners) listener(notice);
    };
    current.onerror = () => {
      // The browser's own retry gives up on some failures (an HTTP error status); ours never does.
      current.close();
      if (source !== current) return;
      source = undefined;
      setState('lost');
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (listeners.size > 0) connect();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
    };
  }

  function disconnectWhenIdle(): void {
    if (listeners.size > 0) return;
    source?.close();
    source = undefined;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    state = 'connecting';
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!source && !retryTimer) connect();
      return () => {
        listeners.delete(listener);
        disconnectWhenIdle();
      };
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
  };
}

function parse(data: string): HermesNotice | undefined {
  try {
    const value = JSON.parse(data) as HermesNotice;
    return value && (value.kind === 'event' || value.kind === 'text') ? value : undefined;
  } catch {
    return undefined;
  }
}
