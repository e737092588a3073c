import type { Database, Statement } from 'better-sqlite3';
import type { NewEvent, RunStatus, RunSummary } from '../../shared/events';

/** Filters for listing runs, newest first. `search` matches the task text or the start of the run id. */
export interface RunQuery {
  status?: RunStatus;
  limit?: number;
  search?: string;
}

/** What a run.started event puts in the index. */
export interface RunStart {
  task: string;
  model: string;
  parentRunId?: string;
}

/** Where one run stands after a batch of its events. */
export interface RunProgress {
  lastSeq: number;
  updatedAt: number;
  status?: RunStatus;
}

interface RunRow {
  run_id: string;
  task: string;
  model: string;
  status: RunStatus;
  parent_run_id: string | null;
  created_at: number;
  updated_at: number;
  last_seq: number;
}

/** The run status an event moves its run to, if it moves it at all. */
export function statusAfter(event: NewEvent): RunStatus | undefined {
  switch (event.type) {
    case 'run.started':
    case 'run.resumed':
      return 'running';
    case 'run.paused':
      return 'paused';
    case 'run.finished':
      return event.status;
    default:
      return undefined;
  }
}

export function runStartOf(event: NewEvent): RunStart | undefined {
  if (event.type !== 'run.started') return undefined;
  return { task: event.task, model: event.model.model, parentRunId: event.parentRunId };
}

function toSummary(row: RunRow): RunSummary {
  const summary: RunSummary = {
    runId: row.run_id,
    task: row.task,
    model: row.model,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSeq: row.last_seq,
  };
  if (row.parent_run_id !== null) summary.parentRunId = row.parent_run_id;
  return summary;
}

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The `runs` table: a listing index kept in the same transactions as the events, which stay the truth.
 * Nothing is cached here, so a status another process wrote is seen on the next read.
 */
export class RunIndex {
  private readonly insertStmt: Statement;
  private readonly progressStmt: Statement;
  private readonly getStmt: Statement;
  private readonly listStmt: Statement;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO runs (run_id, task, model, status, parent_run_id, created_at, updated_at, last_seq)
       VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`,
    );
    this.progressStmt = db.prepare(
      'UPDATE runs SET last_seq = ?, updated_at = ?, status = COALESCE(?, status) WHERE run_id = ?',
    );
    this.getStmt = db.prepare('SELECT * FROM runs WHERE run_id = ?');
    this.listStmt = db.prepare(
      `SELECT * FROM runs
       WHERE (@status IS NULL OR status = @status)
         AND (@search IS NULL OR task LIKE @search ESCAPE '\\' OR run_id LIKE @prefix ESCAPE '\\')
       ORDER BY created_at DESC, run_id DESC
       LIMIT @limit`,
    );
  }

  insert(runId: string, start: RunStart, seq: number, ts: number): void {
    this.insertStmt.run(runId, start.task, start.model, start.parentRunId ?? null, ts, ts, seq);
  }

  progress(runId: string, progress: RunProgress): void {
    this.progressStmt.run(progress.lastSeq, progress.updatedAt, progress.status ?? null, runId);
  }

  get(runId: string): RunSummary | undefined {
    const row = this.getStmt.get(runId) as RunRow | undefined;
    return row && toSummary(row);
  }

  list(query: RunQuery = {}): RunSummary[] {
    const search = query.search?.trim() ? likePattern(query.search.trim()) : null;
    const rows = this.listStmt.all({
      status: query.status ?? null,
      search: search === null ? null : `%${search}%`,
      prefix: search === null ? null : `${search}%`,
      limit: query.limit ?? -1,
    }) as RunRow[];
    return rows.map(toSummary);
  }
}
