import type { Database } from 'better-sqlite3';

/** One step of the schema's history. Released steps are never edited, only followed by new ones. */
export interface Migration {
  version: number;
  up(db: Database): void;
}

/** Thrown when the file was written by a newer Hermes Studio than this one. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `The database uses schema version ${found}, but this Hermes Studio only knows versions up to ${supported}. ` +
        'Update Hermes Studio, or point it at another data directory.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Every schema step, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        CREATE TABLE events (
          run_id  TEXT    NOT NULL,
          seq     INTEGER NOT NULL,
          ts      INTEGER NOT NULL,
          type    TEXT    NOT NULL,
          payload TEXT    NOT NULL,
          PRIMARY KEY (run_id, seq)
        );
        CREATE TABLE blobs (
          hash  TEXT    PRIMARY KEY,
          bytes INTEGER NOT NULL,
          json  TEXT    NOT NULL
        );
        CREATE TABLE runs (
          run_id        TEXT    PRIMARY KEY,
          task          TEXT    NOT NULL,
          model         TEXT    NOT NULL,
          status        TEXT    NOT NULL,
          parent_run_id TEXT,
          created_at    INTEGER NOT NULL,
          updated_at    INTEGER NOT NULL,
          last_seq      INTEGER NOT NULL
        );
        CREATE INDEX runs_by_created ON runs (created_at DESC, run_id DESC);
      `);
    },
  },
  {
    version: 2,
    up(db) {
      db.exec(`
        CREATE TABLE run_leases (
          run_id           TEXT    PRIMARY KEY,
          owner            TEXT,
          expires_at       INTEGER NOT NULL DEFAULT 0,
          cancel_requested INTEGER NOT NULL DEFAULT 0
        );
      `);
    },
  },
];

function latestOf(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

/** The schema version this code writes. */
export const LATEST_VERSION = latestOf(MIGRATIONS);

/** Brings the schema up to date in one write transaction, so two processes opening at once cannot race. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const latest = latestOf(migrations);
  const apply = db.transaction(() => {
    db.exec(
      'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > latest) throw new SchemaTooNewError(current, latest);
    const record = db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)');
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      migration.up(db);
      record.run(migration.version, Date.now());
    }
    return Math.max(current, latest);
  });
  return apply.immediate();
}
