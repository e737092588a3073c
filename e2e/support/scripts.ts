import fs from 'node:fs';
import path from 'node:path';
import type { FakeReply } from '../../test/support/fake-model-server';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface Recording {
  task: string;
  replies: {
    content?: string | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  }[];
}

/**
 * The demo's recorded conversation as a scripted model's replies. Each reply waits `delayMs`, so the
 * graph visibly grows step by step (pacing only: no test measures it).
 */
export function demoScript(delayMs: number): { task: string; replies: FakeReply[] } {
  const recording = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'resources', 'demo', 'sales-week.json'), 'utf8'),
  ) as Recording;
  return {
    task: recording.task,
    replies: recording.replies.map((reply) => ({
      content: reply.content ?? null,
      ...(reply.tool_calls
        ? {
            tool_calls: reply.tool_calls.map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: call.function.arguments,
            })),
          }
        : {}),
      delayMs,
    })),
  };
}

/** The environment that points `serve` at a scripted model. */
export function modelEnv(baseUrl: string): Record<string, string> {
  return { LLM_BASE_URL: baseUrl, LLM_MODEL_NAME: 'fake-model', LLM_API_KEY: 'not-a-real-key' };
}
