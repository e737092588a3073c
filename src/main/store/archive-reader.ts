import Database from 'better-sqlite3';
import { expandPayload } from './blobs';

/**
 * The full output of one finished tool call, read straight from the log file. Used by tool workers
 * (recall), which must not write: the connection is read-only and short-lived.
 */
export function readToolOutput(file: string, runId: string, callId: string): unknown {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db
      .prepare(
        `SELECT payload FROM events WHERE run_id = ? AND type = 'tool.finished'
         AND json_extract(payload, '$.callId') = ? ORDER BY seq DESC LIMIT 1`,
      )
      .pluck()
      .get(runId, callId) as string | undefined;
    if (row === undefined) return undefined;
    const blob = db.prepare('SELECT json FROM blobs WHERE hash = ?').pluck();
    const payload = expandPayload(
      JSON.parse(row) as Record<string, unknown>,
      (hash) => blob.get(hash) as string | undefined,
    );
    return payload.output;
  } finally {
    db.close();
  }
}
