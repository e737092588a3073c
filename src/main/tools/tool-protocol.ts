/** Messages from the tool host to a tool worker. */
export type HostMessage =
  | {
      type: 'run';
      name: string;
      args: unknown;
      runId: string;
      callId: string;
      workspaceRoot: string;
      /** The event log's file, read-only for `recall`; absent where there is no log. */
      archive?: string;
    }
  | { type: 'abort' };

/** Messages from a tool worker to the host. `spawned`/`exited` track process groups the host may have to kill. */
export type WorkerMessage =
  | { type: 'spawned'; pid: number }
  | { type: 'exited'; pid: number }
  | { type: 'done'; ok: true; output: unknown; changedFiles: string[] }
  | { type: 'done'; ok: false; error: string; changedFiles: string[] };
