import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir } from '../../../test/support/cli';

const BIN = resolve(import.meta.dirname, '../../../bin/hermes-studio.mjs');
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('hermes-studio serve', () => {
  it('prints its address as one line, serves the API, and stops cleanly on SIGTERM', async () => {
    dataDir = freshDataDir();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    let stdout = '';
    const exited = new Promise<number | null>((done) => child.on('close', done));
    const url = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) done(stdout.split('\n')[0] ?? '');
      });
      child.on('close', (code) => fail(new Error(`serve exited with ${code} before printing its address`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/api/call/startDemo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([url]);
  });

  it('refuses a port that is not a number', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', 'eighty'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await new Promise((done) => child.on('close', done))).toBe(2);
    expect(stderr).toContain('--port must be a port number');
  });
});
