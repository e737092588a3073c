import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { z } from 'zod';
import { assistantMessageSchema } from '../../shared/decision';
import type { ModelInfo } from '../../shared/events';
import type { ModelClient, ModelRequest, ModelResult } from './types';

const scriptSchema = z.object({
  description: z.string().optional(),
  replies: z.array(assistantMessageSchema).min(1),
});

/**
 * Plays recorded assistant replies in order, for demos and tests. A reply is whatever a model could
 * have sent (`{content, tool_calls}`), so every parser and loop path runs as it would live.
 */
export class ScriptedModel implements ModelClient {
  readonly info: ModelInfo;
  readonly #replies: z.infer<typeof scriptSchema>['replies'];
  #next: number;

  /** `source` names the recording; a file path there lets a later process continue the run. */
  constructor(replies: z.infer<typeof scriptSchema>['replies'], source: string) {
    this.#replies = replies;
    this.#next = 0;
    this.info = { provider: 'scripted', baseUrl: `script:${source}`, model: basename(source) };
  }

  /** Reads a script file; a malformed file is a configuration error with the reason, not a crash. */
  static fromFile(file: string): { ok: true; model: ScriptedModel } | { ok: false; error: string } {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      return { ok: false, error: `cannot read the model script ${file}: ${(error as Error).message}` };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return { ok: false, error: `the model script ${file} is not JSON: ${(error as Error).message}` };
    }
    const parsed = scriptSchema.safeParse(Array.isArray(json) ? { replies: json } : json);
    if (!parsed.success) {
      return {
        ok: false,
        error: `the model script ${file} is not a list of replies: ${z.prettifyError(parsed.error)}`,
      };
    }
    return { ok: true, model: new ScriptedModel(parsed.data.replies, resolve(file)) };
  }

  continueAfter(replies: number): void {
    this.#next = replies;
  }

  async complete(request: ModelRequest): Promise<ModelResult> {
    if (request.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'cancelled' } };
    if (request.purpose === 'replan') {
      return { ok: false, failure: { kind: 'bad_request', message: 'a recording holds no plans' } };
    }
    const message = this.#replies[this.#next];
    if (!message) {
      return {
        ok: false,
        failure: {
          kind: 'configuration',
          message: `the model script has no reply left (it holds ${this.#replies.length})`,
        },
      };
    }
    this.#next += 1;
    if (message.content) request.onText?.(message.content);
    const sent = request.messages.reduce((sum, m) => sum + (m.content?.length ?? 0), 0);
    const received = (message.content?.length ?? 0) + JSON.stringify(message.tool_calls ?? []).length;
    return {
      ok: true,
      reply: { message, usage: { prompt: Math.ceil(sent / 4), completion: Math.ceil(received / 4) } },
    };
  }
}
