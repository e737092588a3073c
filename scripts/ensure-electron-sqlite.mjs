#!/usr/bin/env node
// Makes the Electron-ABI build of better-sqlite3 that the app loads (src/main/app/paths.ts), beside the
// Node build the CLI and tests use. It downloads a prebuilt binary into a copy of the package, because
// building in place (or @electron/rebuild) would replace the Node build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Must match ELECTRON_SQLITE_BINDING in src/main/app/paths.ts. */
export const BINDING_DIR = path.join(ROOT, 'node_modules', '.cache', 'hermes-electron-sqlite');
const BINDING = path.join(BINDING_DIR, 'better_sqlite3.node');
const STAMP = path.join(BINDING_DIR, 'versions.json');
const DOWNLOAD_TIMEOUT_MS = 60_000;

const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));

/**
 * Ensures the binding exists for this Electron and better-sqlite3 version.
 * @returns {{ ok: true, path: string } | { ok: false, reason: string }}
 */
export function ensureElectronSqlite(electronVersion) {
  const packageFile = requireFromRoot.resolve('better-sqlite3/package.json');
  const sqliteVersion = JSON.parse(fs.readFileSync(packageFile, 'utf8')).version;
  const wanted = JSON.stringify({ electron: electronVersion, betterSqlite3: sqliteVersion });
  if (fs.existsSync(BINDING) && readOr(STAMP, '') === wanted) return { ok: true, path: BINDING };

  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-electron-sqlite-'));
  try {
    fs.copyFileSync(packageFile, path.join(copy, 'package.json'));
    const result = spawnSync(
      process.execPath,
      [
        requireFromRoot.resolve('prebuild-install/bin.js'),
        '--runtime=electron',
        `--target=${electronVersion}`,
        `--arch=${process.arch}`,
        `--platform=${process.platform}`,
      ],
      { cwd: copy, encoding: 'utf8', timeout: DOWNLOAD_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const built = path.join(copy, 'build', 'Release', 'better_sqlite3.node');
    if (result.status !== 0 || !fs.existsSync(built)) return { ok: false, reason: failureOf(result) };
    fs.mkdirSync(BINDING_DIR, { recursive: true });
    fs.copyFileSync(built, BINDING);
    fs.writeFileSync(STAMP, wanted);
    return { ok: true, path: BINDING };
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

function failureOf(result) {
  if (result.error?.code === 'ETIMEDOUT') return `timed out after ${DOWNLOAD_TIMEOUT_MS / 1000} s`;
  const lines = `${result.stderr ?? ''}`.split('\n').filter((line) => line.includes(' warn '));
  const last = lines.at(-1)?.replace(/^.*\bwarn\s+\w+\s+/, '');
  return last || `prebuild-install exited with ${result.status ?? result.signal}`;
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const electronVersion = requireFromRoot('electron/package.json').version;
  const outcome = ensureElectronSqlite(electronVersion);
  if (outcome.ok) {
    console.log(`hermes-studio: Electron build of better-sqlite3 at ${path.relative(ROOT, outcome.path)}`);
  } else {
    console.error(
      `hermes-studio: the Electron build of better-sqlite3 could not be downloaded (${outcome.reason}).`,
    );
    process.exit(1);
  }
}
