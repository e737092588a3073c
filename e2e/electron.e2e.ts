import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const ELECTRON_DIR = path.join(ROOT, 'node_modules', 'electron');
const SQLITE_BINDING = path.join(
  ROOT,
  'node_modules',
  '.cache',
  'hermes-electron-sqlite',
  'better_sqlite3.node',
);

/** The Electron executable `require('electron')` would name, without its download-on-first-use fallback. */
function electronExecutable(): string | undefined {
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(ELECTRON_DIR, 'dist');
  const executable = path.join(dist, fs.readFileSync(pathFile, 'utf8'));
  return fs.existsSync(executable) ? executable : undefined;
}

/** Why the desktop app cannot be launched here, or undefined when it can. */
function missing(executable: string | undefined): string | undefined {
  if (!executable) {
    return `the Electron binary is not installed (no ${path.relative(ROOT, ELECTRON_DIR)}/dist; run \`npx install-electron\` with internet)`;
  }
  if (!fs.existsSync(SQLITE_BINDING)) {
    return `the Electron build of better-sqlite3 is missing (${path.relative(ROOT, SQLITE_BINDING)}; \`npm start\` makes it)`;
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'there is no display (DISPLAY is not set; run the tests under xvfb-run)';
  }
  return undefined;
}

const executable = electronExecutable();
const reason = missing(executable);

describe('the desktop app', () => {
  it.skipIf(reason !== undefined)(
    reason ? `opens the window and runs the demo — skipped: ${reason}` : 'opens the window and runs the demo',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-electron-'));
      const app = await electron.launch({
        executablePath: executable,
        args: ['--no-sandbox', ROOT],
        cwd: ROOT,
        env: { ...process.env, HERMES_DATA_DIR: dataDir, LLM_BASE_URL: '', LLM_MODEL_NAME: '' },
      });
      try {
        const page = await app.firstWindow();
        await page.setViewportSize({ width: 1440, height: 900 });
        expect(await page.evaluate(() => typeof (window as { hermes?: unknown }).hermes)).toBe('object');
        await page.getByRole('button', { name: 'Try the demo' }).click();
        const answer = page.getByRole('article', { name: 'Answer' });
        await answer.waitFor({ timeout: 60_000 });
        expect(await answer.textContent()).toContain('204,804.95');
        expect(await page.getByText('Recording', { exact: true }).count()).toBe(1);
        await screenshot(page, '15-electron-demo');
      } finally {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
