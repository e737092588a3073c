import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HermesNotice } from '../../shared/api';
import type { NewEvent } from '../../shared/events';
import { EventStore } from '../store/event-store';
import { NoticeHub } from './notices';

function started(task: string): NewEvent {
  return {
    type: 'run.started',
    task,
    model: { provider: 'scripted', baseUrl: 'script:none', model: 'test-model' },
    workspace: '/tmp/ws',
    tools: [],
    maxRounds: 5,
    approvals: 'ask',
    escalation: 'fail',
    context: { windowTokens: 16_000, targetShare: 0.4, replanEvery: 5 },
  };
}

describe('NoticeHub', () => {
  let dir: string;
  let here: EventStore;
  let other: EventStore;
  let hub: NoticeHub;
  let seen: HermesNotice[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hermes-notices-'));
    here = EventStore.open(join(dir, 'hermes.db'));
    // A second store on the same file stands for another process (the CLI) writing meanwhile.
    other = EventStore.open(join(dir, 'hermes.db'));
    here.append('old', started('before anyone listened'));
    here.flush();
    // Polling is driven by hand here, so the interval never fires during a test.
    hub = new NoticeHub(here, 3_600_000);
    seen = [];
    hub.subscribe((notice) => seen.push(notice));
  });

  afterEach(() => {
    hub.close();
    here.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sequence = () => seen.flatMap((n) => (n.kind === 'event' ? [`${n.event.runId}#${n.event.seq}`] : []));

  it('sends what this process commits, once, and nothing from before it started', () => {
    here.append('a', started('a'));
    here.append('a', { type: 'run.paused', reason: 'question' });
    here.flush();
    hub.poll();
    hub.poll();
    expect(sequence()).toEqual(['a#1', 'a#2']);
  });

  it("finds other processes' events by polling, in order", () => {
    other.append('b', started('b'));
    other.append('b', { type: 'run.paused', reason: 'question' });
    other.flush();
    here.append('old', { type: 'run.paused', reason: 'question' });
    here.flush();
    hub.poll();
    other.append('b', { type: 'run.resumed', reason: 'question answered' });
    other.flush();
    hub.poll();
    hub.poll();
    expect(sequence()).toEqual(['old#2', 'b#1', 'b#2', 'b#3']);
  });

  it('fills a gap from the database before an event committed here', () => {
    here.append('c', started('c'));
    here.flush();
    // The CLI answers in another process, then this one (say, a resume) appends the next event.
    other.append('c', { type: 'run.resumed', reason: 'question answered' });
    other.flush();
    here.releaseRun('c', 'nobody');
    here.append('c', { type: 'run.paused', reason: 'question' });
    here.flush();
    hub.poll();
    expect(sequence()).toEqual(['c#1', 'c#2', 'c#3']);
    const resumed = seen.find((n) => n.kind === 'event' && n.event.seq === 2);
    expect(resumed?.kind === 'event' && resumed.event.type).toBe('run.resumed');
  });

  it('passes streamed text on and keeps going when one listener throws', () => {
    const later: HermesNotice[] = [];
    hub.subscribe(() => {
      throw new Error('a closed connection');
    });
    hub.subscribe((notice) => later.push(notice));
    hub.text('a', 'Hel');
    hub.text('a', 'lo');
    expect(later).toEqual([
      { kind: 'text', runId: 'a', delta: 'Hel' },
      { kind: 'text', runId: 'a', delta: 'lo' },
    ]);
  });

  it('stops sending once unsubscribed', () => {
    const unsubscribe = hub.subscribe(() => {
      throw new Error('must not be called');
    });
    unsubscribe();
    here.append('d', started('d'));
    here.flush();
    expect(sequence()).toEqual(['d#1']);
  });
});
