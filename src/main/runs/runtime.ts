import { mkdirSync } from 'node:fs';
import { builtinTools } from '../../../tools';
import type { LoopDeps, LoopOutcome } from '../agent/loop';
import { AgentLoop } from '../agent/loop';
import { defaultRetryPolicy } from '../agent/model-caller';
import { OpenAiCompatibleModel } from '../models/openai-compatible';
import { ScriptedModel } from '../models/scripted';
import type { ModelClient } from '../models/types';
import { EventStore } from '../store/event-store';
import { ToolRegistry } from '../tools/registry';
import { ToolHost } from '../tools/tool-host';
import type { RunConfig } from './config';
import { databaseFile, workspaceDir } from './data-dir';
import { newRunId } from './ids';

/** Tool calls of one response that run at once. */
const MAX_CONCURRENT_TOOLS = 8;

/** The long-lived parts every run shares in one process: the store, the tools and their workers. */
export class Runtime {
  readonly store: EventStore;
  readonly registry = new ToolRegistry(builtinTools);
  readonly host = new ToolHost({ maxConcurrency: MAX_CONCURRENT_TOOLS });
  readonly dataDir: string;

  constructor(dataDir: string, options: { nativeBinding?: string } = {}) {
    this.dataDir = dataDir;
    mkdirSync(dataDir, { recursive: true });
    this.store = EventStore.open(databaseFile(dataDir), options);
  }

  async close(): Promise<void> {
    this.store.close();
    await this.host.close();
  }

  /** Starts a run of `task` and drives it until it finishes or pauses. */
  async startRun(
    config: RunConfig,
    task: string,
    hooks: Pick<LoopDeps, 'onEvent' | 'onText' | 'signal'> = {},
  ): Promise<{ runId: string; outcome: LoopOutcome }> {
    const model = createModel(config);
    if (!model.ok)
      return { runId: '', outcome: { status: 'failed', error: model.error, configuration: true } };
    const runId = newRunId();
    const workspace = workspaceDir(this.dataDir, runId);
    mkdirSync(workspace, { recursive: true });
    const loop = AgentLoop.start(
      { runId, task, workspace, maxRounds: config.maxRounds, tools: this.registry.names() },
      this.#deps(config, model.model, hooks),
    );
    return { runId, outcome: await loop.run() };
  }

  #deps(
    config: RunConfig,
    model: ModelClient,
    hooks: Pick<LoopDeps, 'onEvent' | 'onText' | 'signal'>,
  ): LoopDeps {
    return {
      store: this.store,
      model,
      registry: this.registry,
      host: this.host,
      approvals: { approvals: config.approvals, perTool: config.toolPolicies },
      retry: defaultRetryPolicy,
      maxConcurrency: MAX_CONCURRENT_TOOLS,
      ...hooks,
    };
  }
}

export function createModel(
  config: RunConfig,
): { ok: true; model: ModelClient } | { ok: false; error: string } {
  if (config.modelScript) return ScriptedModel.fromFile(config.modelScript);
  return {
    ok: true,
    model: new OpenAiCompatibleModel({
      baseUrl: config.baseUrl,
      model: config.model,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      temperature: config.temperature,
      timeoutMs: config.timeoutMs,
      stream: config.stream,
    }),
  };
}
