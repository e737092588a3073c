import { readFileSync } from 'node:fs';

/** True while `pid` is a live process; a zombie (killed, not yet reaped) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until none of `pids` is alive or `patienceMs` passes; returns those still alive. */
export async function waitUntilGone(pids: number[], patienceMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + patienceMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    alive = alive.filter(isAlive);
  }
  return alive;
}
