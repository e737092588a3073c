import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A file of the checkout, by its path from the root. This module runs from src/main/api (tsx, vitest)
 * and from out/main (the Electron bundle), at different depths, so the root is found by walking up.
 */
export function findInCheckout(relativePath: string, from: string = import.meta.dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The bundled recording of the seed's sales task. */
export function findDemoScript(): string | undefined {
  return findInCheckout(join('resources', 'demo', 'sales-week.json'));
}

/** The task a recording was made for (its `task` field). */
export function demoTask(script: string): { ok: true; task: string } | { ok: false; error: string } {
  try {
    const task = (JSON.parse(readFileSync(script, 'utf8')) as { task?: unknown }).task;
    if (typeof task === 'string' && task.trim()) return { ok: true, task };
    return { ok: false, error: `the demo recording ${script} names no task` };
  } catch (error) {
    return { ok: false, error: `cannot read the demo recording ${script}: ${(error as Error).message}` };
  }
}
