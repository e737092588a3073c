import type { Database, Statement } from 'better-sqlite3';

/** Who drives a run right now, until when, and whether someone asked it to stop. */
export interface RunLease {
  owner: string | undefined;
  expiresAt: number;
  cancelRequested: boolean;
}

interface LeaseRow {
  owner: string | null;
  expires_at: number;
  cancel_requested: number;
}

/**
 * The `run_leases` table: one process drives a run at a time (the log's seq is numbered in memory by
 * its writer), and another process can ask that one to cancel. Whether an expired or foreign owner is
 * really gone is the caller's judgement (`isStale`), so this file stays free of process details.
 */
export class RunLeases {
  private readonly get: Statement;
  private readonly upsertOwner: Statement;
  private readonly release: Statement;
  private readonly requestCancel: Statement;
  private readonly claimTx: (
    runId: string,
    owner: string,
    expiresAt: number,
    isStale: (lease: RunLease) => boolean,
  ) => boolean;

  constructor(db: Database) {
    this.get = db.prepare('SELECT owner, expires_at, cancel_requested FROM run_leases WHERE run_id = ?');
    this.upsertOwner = db.prepare(
      `INSERT INTO run_leases (run_id, owner, expires_at, cancel_requested) VALUES (?, ?, ?, 0)
       ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,
         cancel_requested = CASE WHEN run_leases.owner IS excluded.owner THEN run_leases.cancel_requested ELSE 0 END`,
    );
    this.release = db.prepare(
      'UPDATE run_leases SET owner = NULL, expires_at = 0 WHERE run_id = ? AND owner = ?',
    );
    this.requestCancel = db.prepare(
      `INSERT INTO run_leases (run_id, owner, expires_at, cancel_requested) VALUES (?, NULL, 0, 1)
       ON CONFLICT (run_id) DO UPDATE SET cancel_requested = 1`,
    );
    const claim = db.transaction(
      (runId: string, owner: string, expiresAt: number, isStale: (lease: RunLease) => boolean) => {
        const lease = this.read(runId);
        if (lease?.owner && lease.owner !== owner && !isStale(lease)) return false;
        this.upsertOwner.run(runId, owner, expiresAt);
        return true;
      },
    );
    this.claimTx = (...args) => claim.immediate(...args);
  }

  read(runId: string): RunLease | undefined {
    const row = this.get.get(runId) as LeaseRow | undefined;
    if (!row) return undefined;
    return {
      owner: row.owner ?? undefined,
      expiresAt: row.expires_at,
      cancelRequested: row.cancel_requested === 1,
    };
  }

  /** Takes (or renews) the run for `owner` unless a live other owner holds it. */
  claim(runId: string, owner: string, expiresAt: number, isStale: (lease: RunLease) => boolean): boolean {
    return this.claimTx(runId, owner, expiresAt, isStale);
  }

  releaseBy(runId: string, owner: string): void {
    this.release.run(runId, owner);
  }

  askToCancel(runId: string): void {
    this.requestCancel.run(runId);
  }
}
