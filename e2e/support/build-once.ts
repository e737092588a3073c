import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUILT = path.join(ROOT, 'out', 'renderer', 'index.html');
const SOURCES = ['src/renderer', 'src/shared'].map((dir) => path.join(ROOT, dir));

/** Newest modification time of any file under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the app once before the e2e files run, unless the built renderer is newer than its sources. */
export default function setup(): void {
  const builtAt = fs.existsSync(BUILT) ? fs.statSync(BUILT).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map(newest))) return;
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`npx electron-vite build failed:\n${result.stdout}\n${result.stderr}`.slice(0, 4_000));
  }
}
