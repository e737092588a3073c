import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilGone } from './test-processes';
import { type ToolCall, ToolHost } from './tool-host';
import type { ToolOutcome } from './types';

const SENTINEL = 'SENTINEL-HOST-91c2';
let base: string;
let root: string;
let outside: string;
const host = new ToolHost();
let callNumber = 0;

function call(name: string, args: unknown, extra: Partial<ToolCall> = {}): Promise<ToolOutcome> {
  callNumber++;
  return host.run({
    name,
    args,
    runId: 'rtest',
    callId: `call_${callNumber}`,
    workspaceRoot: root,
    timeoutMs: 20_000,
    ...extra,
  });
}

function output(outcome: ToolOutcome): Record<string, unknown> {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.kind}: ${outcome.error}`);
  return outcome.output as Record<string, unknown>;
}

function failure(outcome: ToolOutcome): { kind: string; error: string } {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.output)}`);
  return outcome;
}

function expectOutsideUntouched(): void {
  expect(fs.readFileSync(path.join(outside, 'sentinel.txt'), 'utf8')).toBe(SENTINEL);
  expect(fs.readdirSync(outside)).toEqual(['sentinel.txt']);
}

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-host-'));
  root = path.join(base, 'ws');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'sentinel.txt'), SENTINEL);
  fs.symlinkSync('/etc', path.join(root, 'link-etc'));
  fs.symlinkSync(outside, path.join(root, 'link-sibling'));
});

afterAll(async () => {
  await host.close();
  fs.rmSync(base, { recursive: true, force: true });
});

describe('ToolHost running built-in tools', () => {
  it('runs a tool in a worker and reports the files it changed', async () => {
    const written = await call('write_file', { path: 'notes/a.md', content: 'hello\nworld\n' });
    expect(written).toEqual({
      ok: true,
      output: { path: 'notes/a.md', bytes_written: 12, created: true, mode: 'create' },
      changedFiles: ['notes/a.md'],
    });
    const read = output(await call('read_file', { path: 'notes/a.md', offset: 2 }));
    expect(read).toMatchObject({
      content: 'world',
      start_line: 2,
      end_line: 2,
      total_lines: 2,
      more_lines: false,
    });
    const listed = output(await call('list_files', { path: 'notes' }));
    expect(listed.entries).toEqual([{ path: 'notes/a.md', type: 'file', size: 12 }]);
    const found = output(await call('search_files', { pattern: 'wor', glob: '*.md' }));
    expect(found.matches).toEqual(['notes/a.md:2:world']);
  });

  it('returns errors, unknown tools and bad arguments as values', async () => {
    expect(failure(await call('read_file', { path: 'missing.txt' }))).toEqual({
      ok: false,
      kind: 'error',
      error: '"missing.txt" does not exist in the workspace',
      changedFiles: [],
    });
    expect(failure(await call('no_such_tool', {})).error).toMatch(/no tool named 'no_such_tool'/);
    expect(failure(await call('read_file', { path: 3 })).error).toBe(
      'read_file: path: expected string, got 3',
    );
  });

  const escapes = [
    '/etc/passwd',
    '../outside/sentinel.txt',
    '~/x',
    'a\0b',
    '',
    'link-etc/passwd',
    'link-sibling/sentinel.txt',
  ];

  it.each(escapes)('refuses %j through every file tool, touching nothing outside', async (target) => {
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['read_file', { path: target }],
      ['list_files', { path: target, recursive: true }],
      ['search_files', { pattern: SENTINEL, path: target }],
    ];
    // Writes through the /etc link are left out: were the sandbox ever broken, a test run as root would damage /etc.
    if (!target.startsWith('link-etc')) {
      for (const mode of ['create', 'append', 'overwrite'])
        attempts.push(['write_file', { path: target, content: 'x', mode }]);
    }
    for (const [name, args] of attempts) {
      const refused = failure(await call(name, args));
      expect(refused.kind, `${name} ${JSON.stringify(args)}`).toBe('error');
      expect(refused.error).toMatch(/workspace|NUL|empty/);
      expect(refused.error).not.toContain(SENTINEL);
    }
    expectOutsideUntouched();
  });

  it('refuses a link out that run_command made, and search does not follow it', async () => {
    const made = await call('run_command', {
      command: `ln -s ${JSON.stringify(outside)} cmd-link && ln -s /etc cmd-etc`,
    });
    expect(output(made).exit_code).toBe(0);
    expect(made.ok && made.changedFiles).toEqual(['cmd-etc', 'cmd-link']);
    expect(failure(await call('read_file', { path: 'cmd-link/sentinel.txt' })).error).toMatch(
      /leads outside/,
    );
    expect(failure(await call('write_file', { path: 'cmd-link/new.txt', content: 'x' })).error).toMatch(
      /leads outside/,
    );
    expect(failure(await call('list_files', { path: 'cmd-etc' })).error).toMatch(/leads outside/);
    expect(output(await call('search_files', { pattern: SENTINEL })).matches).toEqual([]);
    expect(output(await call('search_files', { pattern: 'root:x:0' })).matches).toEqual([]);
    expectOutsideUntouched();
  });

  it('http_get refuses anything but http and https', async () => {
    for (const url of ['file:///etc/passwd', 'data:text/plain,hi', 'ftp://example.com/x', 'not a url']) {
      const refused = failure(await call('http_get', { url }));
      expect(refused.error).toMatch(/only http:\/\/ and https:\/\/|not a valid URL/);
      expect(refused.error).not.toContain('root:');
    }
  });

  it('gives run_command no keys, tokens or secrets even when the app has them', async () => {
    process.env.HERMES_HOST_TEST_API_KEY = 'leaked-key-value';
    process.env.GITHUB_TOKEN = 'leaked-token-value';
    try {
      const spawnedAfter = new ToolHost({ maxConcurrency: 1 });
      const outcome = await spawnedAfter.run({
        name: 'run_command',
        args: { command: 'env' },
        runId: 'rtest',
        callId: 'env',
        workspaceRoot: root,
        timeoutMs: 20_000,
      });
      await spawnedAfter.close();
      const env = String(output(outcome).stdout);
      const names = env.split('\n').map((line) => line.split('=')[0] ?? '');
      expect(names.filter((name) => /KEY|TOKEN|SECRET/i.test(name))).toEqual([]);
      expect(env).not.toContain('leaked-');
    } finally {
      delete process.env.HERMES_HOST_TEST_API_KEY;
      delete process.env.GITHUB_TOKEN;
    }
  });
});

describe('ToolHost stopping tools', () => {
  it('stops a CPU-spinning command at the call timeout and keeps working', async () => {
    const spin = await call(
      'run_command',
      { command: 'node -e "while(true){}" & echo $! > spin.pid; wait', timeoutMs: 120_000 },
      { timeoutMs: 1_500 },
    );
    expect(failure(spin)).toMatchObject({
      kind: 'timeout',
      error: expect.stringMatching(/did not finish within 1500 ms/),
    });
    const pid = Number(fs.readFileSync(path.join(root, 'spin.pid'), 'utf8'));
    expect(await waitUntilGone([pid])).toEqual([]);
    expect(output(await call('calc_growth_rate', { current: 120, previous: 100 }))).toEqual({
      growth_rate: 20,
    });
  });

  it('terminates a worker stuck in a catastrophic regular expression and keeps working', async () => {
    fs.writeFileSync(path.join(root, 'redos.txt'), `${'a'.repeat(48)}b\n`);
    const stuck = await call(
      'search_files',
      { pattern: '/^(a+)+$/', path: 'redos.txt' },
      { timeoutMs: 1_500 },
    );
    expect(failure(stuck).kind).toBe('timeout');
    expect(output(await call('search_files', { pattern: 'aaab', path: 'redos.txt' })).match_count).toBe(1);
  });

  it('kills the process groups a worker reported when it has to terminate it at once', async () => {
    const impatient = new ToolHost({ abortGraceMs: 0 });
    const outcome = await impatient.run({
      name: 'run_command',
      args: {
        command: 'sleep 30 & echo $! > group.pids; sleep 30 & echo $! >> group.pids; wait',
        timeoutMs: 120_000,
      },
      runId: 'rtest',
      callId: 'group',
      workspaceRoot: root,
      timeoutMs: 1_500,
    });
    await impatient.close();
    expect(failure(outcome).kind).toBe('timeout');
    const pids = fs.readFileSync(path.join(root, 'group.pids'), 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    expect(await waitUntilGone(pids)).toEqual([]);
  });

  it('cancels a running call when its signal aborts', async () => {
    const controller = new AbortController();
    const running = call(
      'run_command',
      { command: 'touch cancel.started; sleep 30' },
      { signal: controller.signal },
    );
    while (!fs.existsSync(path.join(root, 'cancel.started'))) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(failure(await running)).toMatchObject({ kind: 'cancelled', error: 'run_command was cancelled' });
  });
});

describe('ToolHost concurrency', () => {
  it('runs five commands at once: each waits until all five have started', async () => {
    const barrier = (i: number) =>
      `mkdir -p barrier && touch barrier/${i} && while [ "$(ls barrier | wc -l)" -lt 5 ]; do sleep 0.05; done`;
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        call('run_command', { command: barrier(i), timeoutMs: 25_000 }, { timeoutMs: 28_000 }),
      ),
    );
    for (const outcome of outcomes) expect(output(outcome)).toMatchObject({ exit_code: 0, timed_out: false });
  });

  it('queues calls beyond maxConcurrency, and a queued call can be cancelled before it starts', async () => {
    const single = new ToolHost({ maxConcurrency: 1 });
    const run = (command: string, signal?: AbortSignal) =>
      single.run({
        name: 'run_command',
        args: { command },
        runId: 'rtest',
        callId: command,
        workspaceRoot: root,
        timeoutMs: 20_000,
        ...(signal ? { signal } : {}),
      });
    const first = run('while [ ! -f queue.release ]; do sleep 0.05; done; echo first');
    const controller = new AbortController();
    const queued = run('touch queue.should-not-exist', controller.signal);
    controller.abort();
    expect(failure(await queued).kind).toBe('cancelled');
    fs.writeFileSync(path.join(root, 'queue.release'), '');
    expect(output(await first).stdout).toBe('first\n');
    expect(output(await run('echo second')).stdout).toBe('second\n');
    expect(fs.existsSync(path.join(root, 'queue.should-not-exist'))).toBe(false);
    await single.close();
  });

  it('close() cancels running calls and refuses new ones', async () => {
    const closing = new ToolHost();
    const running = closing.run({
      name: 'run_command',
      args: { command: 'sleep 30' },
      runId: 'rtest',
      callId: 'close',
      workspaceRoot: root,
      timeoutMs: 20_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    await closing.close();
    expect(failure(await running).kind).toBe('cancelled');
    const after = await closing.run({
      name: 'calc_growth_rate',
      args: {},
      runId: 'r',
      callId: 'c',
      workspaceRoot: root,
      timeoutMs: 1000,
    });
    expect(failure(after).kind).toBe('cancelled');
  });

  it('lets a process exit on its own under tsx: idle workers do not keep it alive', () => {
    const hostModule = fileURLToPath(new URL('./tool-host.ts', import.meta.url));
    const script = path.join(base, 'exits.mts');
    fs.writeFileSync(
      script,
      `import { ToolHost } from ${JSON.stringify(hostModule)};
const host = new ToolHost();
const outcome = await host.run({ name: 'calc_growth_rate', args: { current: 3, previous: 2 }, runId: 'r', callId: 'c', workspaceRoot: ${JSON.stringify(root)}, timeoutMs: 20000 });
console.log(JSON.stringify(outcome));
`,
    );
    const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
    const child = spawnSync(process.execPath, [tsxCli, script], { encoding: 'utf8', timeout: 25_000 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ ok: true, output: { growth_rate: 50 }, changedFiles: [] });
  });
});
