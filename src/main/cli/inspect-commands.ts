import { existsSync } from 'node:fs';
import { buildReport, foldEvents } from '../agent/run-state';
import type { ConfigFlags } from '../runs/config';
import { resolveDataDir } from '../runs/config';
import { databaseFile } from '../runs/data-dir';
import { EventStore } from '../store/event-store';
import { formatEvent } from './format-event';
import { type CliIo, EXIT } from './io';

function databasePath(flags: ConfigFlags, io: CliIo): string {
  return databaseFile(resolveDataDir(flags, io.env, io.cwd));
}

/** The inspection commands read the log only; they need the data folder, nothing else. */
function openStore(flags: ConfigFlags, io: CliIo): EventStore | undefined {
  const file = databasePath(flags, io);
  if (!existsSync(file)) {
    io.error(`no runs yet: ${file} does not exist (start one with: hermes-studio run "<task>")`);
    return undefined;
  }
  return EventStore.open(file);
}

/** `runs`: every run, newest first. */
export function runsCommand(flags: ConfigFlags & { json: boolean }, io: CliIo): number {
  if (!existsSync(databasePath(flags, io))) {
    if (!flags.json) io.out('no runs yet');
    return EXIT.ok;
  }
  const store = EventStore.open(databasePath(flags, io));
  try {
    const runs = store.runs({ limit: 200 });
    if (flags.json) {
      for (const run of runs) io.out(JSON.stringify(run));
      return EXIT.ok;
    }
    if (runs.length === 0) io.out('no runs yet');
    for (const run of runs) {
      const when = new Date(run.updatedAt).toISOString().replace('T', ' ').slice(0, 19);
      const task = run.task.replace(/\s+/g, ' ');
      io.out(
        `${run.runId}  ${run.status.padEnd(9)}  ${when}  ${run.model}  ${task.length > 70 ? `${task.slice(0, 69)}…` : task}`,
      );
    }
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/** `show <runId>`: the run's report. */
export function showCommand(runId: string, flags: ConfigFlags & { json: boolean }, io: CliIo): number {
  const store = openStore(flags, io);
  if (!store) return EXIT.usage;
  try {
    const state = foldEvents(store.events(runId, { expand: true }));
    if (!state) {
      io.error(`no run with id ${runId} (list them with: hermes-studio runs)`);
      return EXIT.usage;
    }
    const report = state.finished?.report ?? buildReport(state, state.lastTs);
    const summary = {
      runId,
      status: state.status,
      task: state.task,
      model: state.model,
      workspace: state.workspace,
      report,
      ...(state.finished?.answer !== undefined ? { answer: state.finished.answer } : {}),
      ...(state.finished?.error !== undefined ? { error: state.finished.error } : {}),
      ...(state.pendingRequest ? { waitingFor: state.pendingRequest } : {}),
    };
    if (flags.json) {
      io.out(JSON.stringify(summary));
      return EXIT.ok;
    }
    const byName = Object.entries(report.toolCallsByName)
      .map(([name, count]) => `${name} ×${count}`)
      .join(', ');
    const lines = [
      `run        ${runId}`,
      `status     ${state.status}`,
      `task       ${state.task}`,
      `model      ${state.model.model} (${state.model.baseUrl})`,
      `workspace  ${state.workspace}`,
      `rounds     ${report.rounds}`,
      `duration   ${(report.durationMs / 1000).toFixed(2)} s`,
      `tokens     ${report.tokens.total} (prompt ${report.tokens.prompt}, completion ${report.tokens.completion})`,
      `tool calls ${report.toolCalls}${byName ? ` (${byName})` : ''}, ${report.toolFailures} failed`,
    ];
    if (state.pendingRequest?.question) lines.push(`waiting    question: ${state.pendingRequest.question}`);
    if (state.finished?.error) lines.push(`error      ${state.finished.error}`);
    if (state.finished?.answer) lines.push('', state.finished.answer);
    for (const line of lines) io.out(line);
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/** `events <runId>`: the stored events, in full with `--json` (large outputs expanded). */
export function eventsCommand(runId: string, flags: ConfigFlags & { json: boolean }, io: CliIo): number {
  const store = openStore(flags, io);
  if (!store) return EXIT.usage;
  try {
    const events = store.events(runId, { expand: flags.json });
    if (events.length === 0) {
      io.error(`no run with id ${runId} (list them with: hermes-studio runs)`);
      return EXIT.usage;
    }
    for (const event of events) io.out(flags.json ? JSON.stringify(event) : formatEvent(event));
    return EXIT.ok;
  } finally {
    store.close();
  }
}
