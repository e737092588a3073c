import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 300_000;
const MAX_OUTPUT_BYTES = 100_000;

export const runCommandTool = defineTool({
  name: 'run_command',
  description: `Run a shell command (/bin/sh -c) in the workspace folder, with no input and a time limit. Returns the exit code and output (each stream capped at ${MAX_OUTPUT_BYTES} bytes). The environment holds only PATH, HOME (the workspace), LANG, TERM and TMPDIR; background processes are stopped when the command ends.`,
  parameters: z.object({
    command: z.string().min(1).describe("The shell command, e.g. 'ls -la' or 'python3 script.py'"),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(MAX_TIMEOUT_MS)
      .optional()
      .describe(`Time limit in milliseconds (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS})`),
  }),
  risk: 'external',
  // Beyond the command's own limit: the host stops the worker only if the command could not be stopped.
  timeoutMs: MAX_TIMEOUT_MS + 30_000,
  idempotent: false,
  async execute({ command, timeoutMs = DEFAULT_TIMEOUT_MS }, { workspace, signal }) {
    const result = await workspace.runCommand(command, {
      timeoutMs,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      signal,
    });
    return {
      exit_code: result.exitCode,
      signal: result.signal,
      stdout: result.stdout,
      stderr: result.stderr,
      timed_out: result.timedOut,
      cancelled: result.aborted,
      duration_ms: result.durationMs,
      stdout_dropped_bytes: result.stdoutDroppedBytes,
      stderr_dropped_bytes: result.stderrDroppedBytes,
    };
  },
});
