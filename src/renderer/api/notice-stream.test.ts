import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HermesNotice } from '../../shared/api';
import { type ConnectionState, createNoticeStream } from './notice-stream';

/** A stand-in for the browser's EventSource (this test runs in Node): records what the stream does. */
class FakeSource {
  static opened: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  close(): void {
    this.closed = true;
  }
  send(notice: unknown): void {
    this.onmessage?.({
      data: typeof notice === 'string' ? notice : JSON.stringify(notice),
    } as MessageEvent<string>);
  }
}

const open = (url: string) => new FakeSource(url) as unknown as EventSource;
const notice: HermesNotice = { kind: 'text', runId: 'r1', delta: 'Hel' };

describe('createNoticeStream', () => {
  beforeEach(() => {
    FakeSource.opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one connection between subscribers and closes it after the last one leaves', () => {
    const stream = createNoticeStream('/api/notices', open);
    const a: HermesNotice[] = [];
    const b: HermesNotice[] = [];
    const stopA = stream.subscribe((n) => a.push(n));
    const stopB = stream.subscribe((n) => b.push(n));
    expect(FakeSource.opened).toHaveLength(1);
    FakeSource.opened[0]?.send(notice);
    FakeSource.opened[0]?.send('not json');
    FakeSource.opened[0]?.send({ kind: 'other' });
    expect(a).toEqual([notice]);
    expect(b).toEqual([notice]);
    stopA();
    expect(FakeSource.opened[0]?.closed).toBe(false);
    stopB();
    expect(FakeSource.opened[0]?.closed).toBe(true);
  });

  it('reconnects after an error, waiting longer each time, and says when it is back', () => {
    const stream = createNoticeStream('/api/notices', open);
    const states: ConnectionState[] = [];
    stream.onConnection((state) => states.push(state));
    stream.subscribe(() => undefined);
    FakeSource.opened[0]?.onopen?.();
    FakeSource.opened[0]?.onerror?.();
    expect(FakeSource.opened[0]?.closed).toBe(true);
    vi.advanceTimersByTime(499);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1]?.onerror?.();
    vi.advanceTimersByTime(999);
    expect(FakeSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(3);
    FakeSource.opened[2]?.onopen?.();
    expect(states).toEqual(['open', 'lost', 'open']);
  });
});
