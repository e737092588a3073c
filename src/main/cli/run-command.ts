import type { HermesEvent } from '../../shared/events';
import type { LoopOutcome } from '../agent/loop';
import type { ConfigFlags } from '../runs/config';
import { resolveConfig } from '../runs/config';
import { Runtime } from '../runs/runtime';
import { formatEvent } from './format-event';
import { type CliIo, EXIT } from './io';

/** `hermes-studio run "<task>"`: runs a task and prints its events as they happen. */
export async function runCommand(
  task: string,
  flags: ConfigFlags & { json: boolean },
  io: CliIo,
): Promise<number> {
  if (!task.trim()) {
    io.error('run needs a task, e.g. hermes-studio run "Summarise the sales of last week"');
    return EXIT.usage;
  }
  const resolved = resolveConfig(flags, io.env, io.cwd);
  if (!resolved.ok) {
    io.error(resolved.error);
    return EXIT.usage;
  }
  const runtime = new Runtime(resolved.config.dataDir);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  try {
    const { outcome } = await runtime.startRun(resolved.config, task, {
      signal: controller.signal,
      onEvent: (event) => printEvent(event, flags.json, io),
    });
    return reportOutcome(outcome, flags.json, io);
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    await runtime.close();
  }
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
      if (!json) io.error(`the run is waiting for a person (${outcome.reason})`);
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
