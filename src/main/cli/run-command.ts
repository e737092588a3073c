import type { EscalationMode, EventOf, HermesEvent } from '../../shared/events';
import type { LoopOutcome } from '../agent/loop';
import type { ConfigFlags, RunConfig } from '../runs/config';
import { resolveConfig, resolveDataDir } from '../runs/config';
import { type Continuation, type RunHooks, RunManager, type RunResult } from '../runs/run-manager';
import { Runtime } from '../runs/runtime';
import { formatEvent } from './format-event';
import { type CliIo, EXIT } from './io';
import { askPerson } from './prompt-person';

export type RunFlags = ConfigFlags & { json: boolean };

/** `hermes-studio run "<task>"`: runs a task and prints its events as they happen. */
export async function runCommand(task: string, flags: RunFlags, io: CliIo): Promise<number> {
  if (!task.trim()) {
    io.error('run needs a task, e.g. hermes-studio run "Summarise the sales of last week"');
    return EXIT.usage;
  }
  const resolved = resolveConfig(flags, io.env, io.cwd, { escalation: defaultEscalation(io) });
  if (!resolved.ok) {
    io.error(resolved.error);
    return EXIT.usage;
  }
  return withManager(resolved.config.dataDir, io, (manager) =>
    follow(manager, resolved.config, flags, io, (h) => manager.start(resolved.config, task, h)),
  );
}

/** `answer`, `approve`, `deny` and `resume`: records what the person decided and continues the run here. */
export async function continueCommand(
  runId: string,
  action: Continuation,
  flags: RunFlags,
  io: CliIo,
): Promise<number> {
  const dataDir = dataDirOf(flags, io);
  return withManager(dataDir, io, async (manager, runtime) => {
    const started = runtime.store.events(runId, { limit: 1 })[0];
    if (started?.type !== 'run.started') {
      io.error(`no run with id ${runId} (list them with: hermes-studio runs)`);
      return EXIT.usage;
    }
    const resolved = resolveConfig(flagsForRun(flags, started), io.env, io.cwd, {
      escalation: defaultEscalation(io),
    });
    if (!resolved.ok) {
      io.error(resolved.error);
      return EXIT.usage;
    }
    return follow(manager, resolved.config, flags, io, (h) =>
      manager.continue(runId, resolved.config, action, 'cli', h),
    );
  });
}

/** `cancel <runId>`: stops a running or paused run. */
export async function cancelCommand(runId: string, flags: RunFlags, io: CliIo): Promise<number> {
  return withManager(dataDirOf(flags, io), io, async (manager) => {
    const result = await manager.cancel(runId);
    if (!result.ok) {
      io.error(result.error);
      return EXIT.usage;
    }
    if (!flags.json) io.out(`cancelled ${runId}`);
    return EXIT.ok;
  });
}

/** Drives one run step and, in a terminal, asks the person on the spot whenever it pauses. */
async function follow(
  manager: RunManager,
  config: RunConfig,
  flags: RunFlags,
  io: CliIo,
  step: (hooks: RunHooks) => Promise<RunResult>,
): Promise<number> {
  const controller = interruptible(manager);
  const printing = hooks(flags, io, controller);
  try {
    let result = await step(printing);
    for (;;) {
      if (!result.ok) {
        io.error(result.error);
        return EXIT.usage;
      }
      controller.runId = result.runId;
      const pending =
        result.outcome.status === 'paused' && io.interactive ? controller.lastRequest : undefined;
      if (!pending) return reportOutcome(result.outcome, flags.json, io);
      const action = await askPerson(pending, io);
      const runId = result.runId;
      result = await manager.continue(runId, config, action, 'cli', printing);
    }
  } finally {
    controller.dispose();
  }
}

/** Ctrl-C cancels the run being driven; remembers the last request for a person for the prompt. */
function interruptible(manager: RunManager) {
  const state = {
    runId: '',
    lastRequest: undefined as EventOf<'human.requested'> | undefined,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
  const onSignal = () => {
    if (state.runId) void manager.cancel(state.runId);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return state;
}

function hooks(
  flags: RunFlags,
  io: CliIo,
  tracker: { runId: string; lastRequest?: EventOf<'human.requested'> },
): RunHooks {
  return {
    onEvent: (event: HermesEvent) => {
      tracker.runId = event.runId;
      if (event.type === 'human.requested') tracker.lastRequest = event;
      printEvent(event, flags.json, io);
    },
  };
}

async function withManager(
  dataDir: string,
  io: CliIo,
  body: (manager: RunManager, runtime: Runtime) => Promise<number>,
): Promise<number> {
  let runtime: Runtime;
  try {
    runtime = new Runtime(dataDir);
  } catch (error) {
    io.error(`cannot open the data folder ${dataDir}: ${(error as Error).message}`);
    return EXIT.usage;
  }
  try {
    return await body(new RunManager(runtime), runtime);
  } finally {
    await runtime.close();
  }
}

/** A continued run keeps its own endpoint and model unless flags say otherwise. */
function flagsForRun(flags: RunFlags, started: EventOf<'run.started'>): ConfigFlags {
  const script =
    started.model.provider === 'scripted' ? started.model.baseUrl.replace(/^script:/, '') : undefined;
  if (script) return { ...flags, modelScript: flags.modelScript ?? script };
  return {
    ...flags,
    baseUrl: flags.baseUrl ?? started.model.baseUrl,
    model: flags.model ?? started.model.model,
  };
}

function dataDirOf(flags: RunFlags, io: CliIo): string {
  return resolveDataDir(flags, io.env, io.cwd);
}

/** In a terminal the run asks the person when it hits a limit; elsewhere it ends with the reason. */
function defaultEscalation(io: CliIo): EscalationMode {
  return io.interactive ? 'ask' : 'fail';
}

export function printEvent(event: HermesEvent, json: boolean, io: CliIo): void {
  io.out(json ? JSON.stringify(event) : formatEvent(event));
  if (!json && event.type === 'run.finished' && event.answer) io.out(`\n${event.answer}`);
}

/** Exit codes of DESIGN.md §7; a configuration failure also gets its one-line message on stderr. */
export function reportOutcome(outcome: LoopOutcome, json: boolean, io: CliIo): number {
  switch (outcome.status) {
    case 'succeeded':
      return EXIT.ok;
    case 'paused':
      if (!json)
        io.error(`the run is waiting for a person (${outcome.reason}); see hermes-studio show <runId>`);
      return EXIT.paused;
    case 'cancelled':
      return EXIT.failed;
    case 'failed':
      if (outcome.configuration) {
        io.error(outcome.error);
        return EXIT.usage;
      }
      return EXIT.failed;
  }
}
