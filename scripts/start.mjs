#!/usr/bin/env node
// `npm start`: fetch what the desktop app needs on first start, build it, and launch Electron on the build.
// Electron 45 downloads its binary on first use rather than at install; where that cannot happen (no
// internet) this says so in one line and points to the browser mode.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureElectronSqlite } from './ensure-electron-sqlite.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const ELECTRON_DOWNLOAD_TIMEOUT_MS = 180_000;
const BROWSER_MODE = 'Use the browser mode instead: npm run serve';

const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const electronDir = path.dirname(requireFromRoot.resolve('electron/package.json'));
const electronVersion = requireFromRoot('electron/package.json').version;

function fail(line) {
  console.error(`hermes-studio: ${line}`);
  process.exit(1);
}

function note(line) {
  if (process.stderr.isTTY) console.error(`hermes-studio: ${line}`);
}

/** The path `require('electron')` would give, without its fallback of downloading with no timeout. */
function electronExecutable() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const relative = fs.readFileSync(pathFile, 'utf8');
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(electronDir, 'dist');
  const executable = path.join(distDir, relative);
  return fs.existsSync(executable) ? executable : undefined;
}

function ensureElectron() {
  const present = electronExecutable();
  if (present) return present;
  note(`downloading Electron ${electronVersion} (first start only)…`);
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: ELECTRON_DOWNLOAD_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const executable = result.status === 0 ? electronExecutable() : undefined;
  if (executable) return executable;
  const cause =
    result.error?.code === 'ETIMEDOUT'
      ? `timed out after ${ELECTRON_DOWNLOAD_TIMEOUT_MS / 1000} s`
      : (`${result.stderr}`
          .split('\n')
          .find((line) => line.trim())
          ?.replace(/^\w*Error: /, '') ?? 'failed');
  return fail(
    `the Electron ${electronVersion} binary could not be downloaded (${cause}; no internet?). ${BROWSER_MODE}`,
  );
}

function ensureSqlite() {
  const outcome = ensureElectronSqlite(electronVersion);
  if (!outcome.ok) {
    fail(`the Electron build of better-sqlite3 could not be downloaded (${outcome.reason}). ${BROWSER_MODE}`);
  }
}

function build() {
  const electronVite = path.join(path.dirname(requireFromRoot.resolve('electron-vite/package.json')), 'bin');
  const result = spawnSync(process.execPath, [path.join(electronVite, 'electron-vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) fail('the build failed (see above).');
}

function launch(executable) {
  const child = spawn(executable, ['.'], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => fail(`Electron could not be started (${error.message}).`));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const executable = ensureElectron();
ensureSqlite();
build();
launch(executable);
