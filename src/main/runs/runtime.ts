import { mkdirSync } from 'node:fs';
import { builtinTools } from '../../../tools';
import { OpenAiCompatibleModel } from '../models/openai-compatible';
import { ScriptedModel } from '../models/scripted';
import type { ModelClient } from '../models/types';
import { EventStore } from '../store/event-store';
import { ToolRegistry } from '../tools/registry';
import { ToolHost } from '../tools/tool-host';
import type { RunConfig } from './config';
import { databaseFile } from './data-dir';

/** The long-lived parts every run shares in one process: the store, the tools and their workers. */
export class Runtime {
  readonly store: EventStore;
  readonly registry = new ToolRegistry(builtinTools);
  readonly host: ToolHost;
  readonly dataDir: string;

  constructor(dataDir: string, options: { nativeBinding?: string; maxConcurrentTools?: number } = {}) {
    this.dataDir = dataDir;
    mkdirSync(dataDir, { recursive: true });
    this.store = EventStore.open(databaseFile(dataDir), options);
    this.host = new ToolHost({ maxConcurrency: options.maxConcurrentTools ?? 8 });
  }

  async close(): Promise<void> {
    this.store.close();
    await this.host.close();
  }
}

/** The model a configuration names: a recording when it has one, else an OpenAI-compatible endpoint. */
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
