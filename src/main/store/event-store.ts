import fs from 'node:fs';
import path from 'node:path';
import Database, { type Statement } from 'better-sqlite3';
import type { HermesEvent, NewEvent, RunStatus, RunSummary } from '../../shared/events';
import { expandPayload, type StoredBlob, toStoredPayload } from './blobs';
import { migrate } from './migrations';
import {
  RunIndex,
  type RunProgress,
  type RunQuery,
  type RunStart,
  runStartOf,
  statusAfter,
} from './run-index';
import { type RunLease, RunLeases } from './run-leases';

/** Options for EventStore.open. */
export interface EventStoreOptions {
  /** Path to a better_sqlite3.node built for the running runtime (the Electron app needs its own). */
  nativeBinding?: string;
}

/** Which events of a run to read. `expand` replaces blob refs by the values they stand for. */
export interface EventQuery {
  afterSeq?: number;
  limit?: number;
  expand?: boolean;
}

interface QueuedEvent {
  /** As the caller appended it, for the listeners once it is committed. */
  event: HermesEvent;
  runId: string;
  seq: number;
  ts: number;
  type: string;
  payload: string;
  blobs: StoredBlob[];
  start: RunStart | undefined;
  status: RunStatus | undefined;
}

interface EventRow {
  seq: number;
  ts: number;
  type: string;
  payload: string;
}

/**
 * The append-only event log (DESIGN.md §3). Appends are numbered in memory and written in batches, one
 * transaction per flush; one writer per process, and a second process writing the same run fails on the
 * (run_id, seq) primary key instead of interleaving.
 */
export class EventStore {
  private readonly runIndex: RunIndex;
  private readonly leases: RunLeases;
  private readonly insertEvent: Statement;
  private readonly insertBlob: Statement;
  private readonly maxSeq: Statement;
  private readonly selectEvents: Statement;
  private readonly selectBlob: Statement;
  private readonly writeBatch: Database.Transaction<(batch: QueuedEvent[]) => void>;
  /** Last seq handed out per run this process appends to; read from the database at its first append here. */
  private readonly seqs = new Map<string, number>();
  private queue: QueuedEvent[] = [];
  private readonly listeners = new Set<(event: HermesEvent) => void>();
  private scheduled: NodeJS.Immediate | undefined;
  /** A failure of an automatic flush, rethrown by the next call that writes. */
  private failure: unknown;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    /** The database file, for readers in other threads (tool workers' recall). */
    readonly file: string,
  ) {
    this.runIndex = new RunIndex(db);
    this.leases = new RunLeases(db);
    this.insertEvent = db.prepare(
      'INSERT INTO events (run_id, seq, ts, type, payload) VALUES (?, ?, ?, ?, ?)',
    );
    this.insertBlob = db.prepare('INSERT OR IGNORE INTO blobs (hash, bytes, json) VALUES (?, ?, ?)');
    this.maxSeq = db.prepare('SELECT MAX(seq) FROM events WHERE run_id = ?').pluck();
    this.selectEvents = db.prepare(
      'SELECT seq, ts, type, payload FROM events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    );
    this.selectBlob = db.prepare('SELECT json FROM blobs WHERE hash = ?').pluck();
    this.writeBatch = db.transaction((batch: QueuedEvent[]) => this.write(batch));
  }

  /** Opens (creating folders and file) and migrates the database at `file`. */
  static open(file: string, options: EventStoreOptions = {}): EventStore {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
    try {
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db);
      return new EventStore(db, file);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Numbers the event and queues it; returns it as stored, with the caller's original payload values. */
  append(runId: string, event: NewEvent): HermesEvent {
    this.assertWritable();
    const last = this.seqs.get(runId) ?? this.storedLastSeq(runId);
    if (last === 0 && event.type !== 'run.started') {
      throw new Error(`Run ${runId} does not exist: its first event must be run.started, not ${event.type}`);
    }
    if (last > 0 && event.type === 'run.started') {
      throw new Error(`Run ${runId} already exists (${last} events): run.started can only come first`);
    }
    const seq = last + 1;
    const ts = Date.now();
    const { type, ...payload } = event;
    const stored = toStoredPayload(payload);
    const appended = { runId, seq, ts, ...event } as HermesEvent;
    this.seqs.set(runId, seq);
    this.queue.push({
      event: appended,
      runId,
      seq,
      ts,
      type,
      payload: stored.json,
      blobs: stored.blobs,
      start: runStartOf(event),
      status: statusAfter(event),
    });
    this.scheduled ??= setImmediate(() => this.autoFlush());
    return appended;
  }

  /**
   * Calls `listener` with every event this process appends, once it is committed: what observers see
   * is always in the file, so a crash can never take back an event someone was shown.
   */
  subscribe(listener: (event: HermesEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Commits everything queued in one transaction. */
  flush(): void {
    this.assertWritable();
    this.commit();
  }

  events(runId: string, query: EventQuery = {}): HermesEvent[] {
    this.commitIfOpen();
    const rows = this.selectEvents.all(runId, query.afterSeq ?? 0, query.limit ?? -1) as EventRow[];
    const lookup = query.expand ? this.blobLookup() : undefined;
    return rows.map((row) => {
      const parsed = JSON.parse(row.payload) as Record<string, unknown>;
      const payload = lookup ? expandPayload(parsed, lookup) : parsed;
      return { runId, seq: row.seq, ts: row.ts, type: row.type, ...payload } as HermesEvent;
    });
  }

  /** The seq of the run's last event, queued ones included; 0 for a run that does not exist. */
  lastSeq(runId: string): number {
    return this.seqs.get(runId) ?? this.storedLastSeq(runId);
  }

  run(runId: string): RunSummary | undefined {
    this.commitIfOpen();
    return this.runIndex.get(runId);
  }

  /** Runs newest first. */
  runs(query: RunQuery = {}): RunSummary[] {
    this.commitIfOpen();
    return this.runIndex.list(query);
  }

  /** The JSON text of a payload field kept out of line. */
  blob(hash: string): string | undefined {
    this.commitIfOpen();
    return this.selectBlob.get(hash) as string | undefined;
  }

  /**
   * Makes this process the run's only writer until `expiresAt` (renew by claiming again). Another
   * process may have appended since this one last did, so the run's seq is read afresh.
   */
  claimRun(runId: string, owner: string, expiresAt: number, isStale: (lease: RunLease) => boolean): boolean {
    this.flush();
    const claimed = this.leases.claim(runId, owner, expiresAt, isStale);
    if (claimed) this.seqs.delete(runId);
    return claimed;
  }

  releaseRun(runId: string, owner: string): void {
    this.flush();
    this.leases.releaseBy(runId, owner);
    this.seqs.delete(runId);
  }

  lease(runId: string): RunLease | undefined {
    return this.leases.read(runId);
  }

  /** Asks whichever process drives the run to cancel it (it polls `lease(runId).cancelRequested`). */
  requestCancel(runId: string): void {
    this.leases.askToCancel(runId);
  }

  /** 'ok' when SQLite finds the file sound, otherwise what it found. */
  integrityCheck(): string {
    const rows = this.db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('\n');
  }

  /** Flushes, then closes the database. */
  close(): void {
    if (this.closed) return;
    try {
      this.commit();
    } finally {
      this.closed = true;
      this.db.close();
    }
  }

  private storedLastSeq(runId: string): number {
    return (this.maxSeq.get(runId) as number | null) ?? 0;
  }

  private autoFlush(): void {
    this.scheduled = undefined;
    if (this.closed) return;
    try {
      this.commit();
    } catch (error) {
      this.failure = error;
    }
  }

  private commitIfOpen(): void {
    if (!this.closed && this.failure === undefined) this.commit();
  }

  private commit(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = undefined;
    }
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.writeBatch.immediate(batch);
    this.queue = [];
    for (const item of batch) for (const listener of this.listeners) listener(item.event);
  }

  private write(batch: QueuedEvent[]): void {
    const progress = new Map<string, RunProgress>();
    for (const item of batch) {
      for (const blob of item.blobs) this.insertBlob.run(blob.hash, blob.bytes, blob.json);
      if (item.start) this.runIndex.insert(item.runId, item.start, item.seq, item.ts);
      this.insertEvent.run(item.runId, item.seq, item.ts, item.type, item.payload);
      const run = progress.get(item.runId);
      if (run) {
        run.lastSeq = item.seq;
        run.updatedAt = item.ts;
        run.status = item.status ?? run.status;
      } else {
        progress.set(item.runId, { lastSeq: item.seq, updatedAt: item.ts, status: item.status });
      }
    }
    for (const [runId, run] of progress) this.runIndex.progress(runId, run);
  }

  private blobLookup(): (hash: string) => string | undefined {
    const cache = new Map<string, string | undefined>();
    return (hash) => {
      if (!cache.has(hash)) cache.set(hash, this.selectBlob.get(hash) as string | undefined);
      return cache.get(hash);
    };
  }

  private assertWritable(): void {
    if (this.closed) throw new Error('The event store is closed');
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }
}
