import type { ActionResult } from '../../shared/api';
import type { EventOf } from '../../shared/events';
import { type ConfigFlags, type ConfigResult, resolveConfig } from '../runs/config';
import type { Continuation, Launched, RunHooks } from '../runs/run-manager';
import { followUpTask } from './conversation';
import { demoTask, findDemoScript } from './demo';
import type { NoticeHub } from './notices';
import type { HandlerDeps } from './types';

export type Started = { ok: true; runId: string } | { ok: false; error: string };

/** Starting and continuing runs for the window: each returns as soon as the run is under way. */
export class RunCalls {
  readonly #deps: HandlerDeps;
  readonly #hub: NoticeHub;

  constructor(deps: HandlerDeps, hub: NoticeHub) {
    this.#deps = deps;
    this.#hub = hub;
  }

  start(message: string, parentRunId?: string): Started {
    const config = this.#config({});
    if (!config.ok) return config;
    let task = message;
    if (parentRunId) {
      const followUp = followUpTask(this.#deps.runtime.store, parentRunId, message);
      if (!followUp.ok) return followUp;
      task = followUp.task;
    }
    return this.#launch((hooks) => this.#deps.manager.launch(config.config, task, hooks, parentRunId));
  }

  /** The seed's sales task, played by the bundled recording against the real demo tools. */
  demo(): Started {
    const script = this.#deps.demoScript ?? findDemoScript();
    if (!script)
      return { ok: false, error: 'the demo recording (resources/demo/sales-week.json) is missing' };
    const task = demoTask(script);
    if (!task.ok) return task;
    const config = this.#config({ modelScript: script });
    if (!config.ok) return config;
    return this.#launch((hooks) => this.#deps.manager.launch(config.config, task.task, hooks));
  }

  /** Answers, approves, denies or resumes a run with the endpoint and model it was started with. */
  proceed(runId: string, action: Continuation): ActionResult {
    const started = this.#deps.runtime.store.events(runId, { limit: 1 })[0];
    if (started?.type !== 'run.started') return { ok: false, error: `no run with id ${runId}` };
    const config = this.#config(flagsForRun(started));
    if (!config.ok) return config;
    const launched = this.#launch((hooks) =>
      this.#deps.manager.proceed(runId, config.config, action, this.#deps.by, hooks),
    );
    return launched.ok ? { ok: true } : launched;
  }

  async cancel(runId: string): Promise<ActionResult> {
    return this.#deps.manager.cancel(runId);
  }

  #config(flags: ConfigFlags): ConfigResult {
    const secret = this.#deps.secrets.get();
    return resolveConfig({ ...flags, dataDir: this.#deps.runtime.dataDir }, this.#deps.env, this.#deps.cwd, {
      // A person is at the window: a round limit or a loop asks them rather than ending the run.
      escalation: 'ask',
      ...(secret ? { storedApiKey: secret } : {}),
    });
  }

  /** Starts something that drives a run, streams its text as notices, and reports how it ended in the log. */
  #launch(begin: (hooks: RunHooks) => Launched): Started {
    // Text can only stream once the model answers, after `begin` has returned the run's id.
    let runId = '';
    const launched = begin({ onText: (delta) => runId && this.#hub.text(runId, delta) });
    if (!launched.ok) return launched;
    runId = launched.runId;
    const log = this.#deps.log ?? (() => {});
    launched.done.then(
      (result) => {
        if (!result.ok) log(`run ${launched.runId} stopped: ${result.error}`);
      },
      (error: unknown) => log(`run ${launched.runId} broke: ${(error as Error).message ?? String(error)}`),
    );
    return { ok: true, runId: launched.runId };
  }
}

/** A continued run keeps its own endpoint and model: a recording stays a recording. */
function flagsForRun(started: EventOf<'run.started'>): ConfigFlags {
  if (started.model.provider === 'scripted') {
    return { modelScript: started.model.baseUrl.replace(/^script:/, '') };
  }
  return { baseUrl: started.model.baseUrl, model: started.model.model };
}
