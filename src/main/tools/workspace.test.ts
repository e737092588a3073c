import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilGone } from './test-processes';
import { SandboxError, Workspace } from './workspace';

const SENTINEL = 'SENTINEL-CONTENT-7f3a';
let base: string;
let root: string;
let outside: string;
let ws: Workspace;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-ws-'));
  root = path.join(base, 'ws');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'sentinel.txt'), SENTINEL);
  fs.mkdirSync(path.join(root, 'a'));
  fs.writeFileSync(path.join(root, 'a', 'inside.txt'), 'hello inside\nsecond line\n');
  fs.symlinkSync('/etc', path.join(root, 'link-etc'));
  fs.symlinkSync(outside, path.join(root, 'link-sibling'));
  fs.symlinkSync(path.join(outside, 'sentinel.txt'), path.join(root, 'sentinel-link'));
  fs.symlinkSync(path.join(outside, 'created-through-dangling.txt'), path.join(root, 'dangling'));
  fs.symlinkSync('a/inside.txt', path.join(root, 'inner-link'));
  ws = new Workspace(root);
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const ESCAPES = [
  '/etc/passwd',
  '/tmp',
  '../outside/sentinel.txt',
  'a/../../outside/sentinel.txt',
  'a/..',
  'a\\..\\..\\outside',
  '~/sentinel.txt',
  '~',
  'a/inside\0.txt',
  '',
  'link-etc/passwd',
  'link-etc',
  'link-sibling/sentinel.txt',
  'link-sibling',
  'link-sibling/new-file.txt',
  'link-etc/no-such-file',
  'sentinel-link',
  'dangling',
];

function expectOutsideUntouched(): void {
  expect(fs.readFileSync(path.join(outside, 'sentinel.txt'), 'utf8')).toBe(SENTINEL);
  expect(fs.readdirSync(outside)).toEqual(['sentinel.txt']);
}

describe('Workspace confinement', () => {
  it.each(ESCAPES)('refuses %j for every file operation', async (target) => {
    await expect(ws.readText(target)).rejects.toBeInstanceOf(SandboxError);
    // Writes through the /etc link are left out: were the sandbox ever broken, a test run as root would damage /etc.
    if (!target.startsWith('link-etc')) {
      for (const mode of ['create', 'append', 'overwrite'] as const) {
        await expect(ws.writeText(target, 'pwned', mode)).rejects.toBeInstanceOf(SandboxError);
      }
    }
    await expect(ws.list(target)).rejects.toBeInstanceOf(SandboxError);
    await expect(ws.search(SENTINEL, { path: target })).rejects.toBeInstanceOf(SandboxError);
    await expect(ws.stat(target)).rejects.toBeInstanceOf(SandboxError);
    await expect(ws.resolve(target, { forWrite: true })).rejects.toBeInstanceOf(SandboxError);
    expectOutsideUntouched();
  });

  it('says in plain words why a path is refused', async () => {
    await expect(ws.readText('../x')).rejects.toThrow(/contains '\.\.'/);
    await expect(ws.readText('/etc/passwd')).rejects.toThrow(/absolute path/);
    await expect(ws.readText('~/x')).rejects.toThrow(/home-directory/);
    await expect(ws.readText('link-etc/passwd')).rejects.toThrow(/leads outside the workspace/);
    await expect(ws.writeText('dangling', 'x', 'append')).rejects.toThrow(/target is missing/);
  });

  it('lists and searches without following links out', async () => {
    const listing = await ws.list('.', { recursive: true });
    const paths = listing.entries.map((entry) => entry.path);
    expect(paths).toContain('link-etc');
    expect(listing.entries.find((entry) => entry.path === 'link-sibling')?.type).toBe('symlink');
    expect(paths.some((p) => p.startsWith('link-etc/') || p.startsWith('link-sibling/'))).toBe(false);
    const found = await ws.search(SENTINEL);
    expect(found.matches).toEqual([]);
    const root = await ws.search('/root:/');
    expect(root.matches).toEqual([]);
  });

  it('refuses a link that a command created', async () => {
    const result = await ws.runCommand(`ln -s ${JSON.stringify(outside)} made-link`, {
      timeoutMs: 10_000,
      maxOutputBytes: 10_000,
    });
    expect(result.exitCode).toBe(0);
    await expect(ws.readText('made-link/sentinel.txt')).rejects.toBeInstanceOf(SandboxError);
    await expect(ws.writeText('made-link/x.txt', 'x', 'create')).rejects.toBeInstanceOf(SandboxError);
    await expect(ws.list('made-link')).rejects.toBeInstanceOf(SandboxError);
    expectOutsideUntouched();
  });

  it('follows links that stay inside', async () => {
    expect((await ws.readText('inner-link')).text).toBe('hello inside\nsecond line\n');
    expect(await ws.stat('inner-link')).toMatchObject({ type: 'file', size: 25 });
    expect(await ws.stat('nothing-here')).toBeNull();
  });
});

describe('Workspace files', () => {
  it('creates, refuses to re-create, appends and overwrites, recording changes', async () => {
    const fresh = new Workspace(fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-ws-files-')));
    expect(await fresh.writeText('deep/dir/note.md', 'one\n', 'create')).toEqual({
      path: 'deep/dir/note.md',
      bytesWritten: 4,
      created: true,
    });
    await expect(fresh.writeText('deep/dir/note.md', 'again', 'create')).rejects.toThrow(/already exists/);
    await fresh.writeText('deep/dir/note.md', 'two\n', 'append');
    expect((await fresh.readText('deep/dir/note.md')).text).toBe('one\ntwo\n');
    await fresh.writeText('deep/dir/note.md', 'three\n', 'overwrite');
    expect((await fresh.readText('deep/dir/note.md')).text).toBe('three\n');
    await expect(fresh.writeText('deep', 'x', 'overwrite')).rejects.toThrow(/is a folder/);
    await expect(fresh.readText('missing.txt')).rejects.toThrow(/does not exist/);
    expect(fresh.changedFiles()).toEqual(['deep/dir/note.md']);
    fs.rmSync(fresh.root, { recursive: true, force: true });
  });

  it('refuses FIFOs instead of hanging on them', async () => {
    await ws.runCommand('mkfifo a-fifo', { timeoutMs: 10_000, maxOutputBytes: 1000 });
    await expect(ws.readText('a-fifo')).rejects.toThrow(/not a regular file/);
    await expect(ws.writeText('a-fifo', 'x', 'append')).rejects.toThrow(/not a regular file/);
    expect((await ws.search('x', { path: 'a-fifo' })).matches).toEqual([]);
  });

  it('reads at most maxBytes and says it truncated', async () => {
    const result = await ws.readText('a/inside.txt', { maxBytes: 5 });
    expect(result).toEqual({ text: 'hello', size: 25, truncated: true });
  });

  it('searches plain text, regular expressions and globs', async () => {
    expect((await ws.search('second')).matches).toEqual(['a/inside.txt:2:second line']);
    expect((await ws.search('/^HELLO/i')).matches).toEqual(['a/inside.txt:1:hello inside']);
    expect((await ws.search('hello', { glob: '*.md' })).matches).toEqual([]);
    expect((await ws.search('hello', { glob: 'a/**/*.txt' })).matches).toHaveLength(1);
    await expect(ws.search('/(unclosed/')).rejects.toThrow(/not a valid regular expression/);
  });
});

describe('Workspace.runCommand', () => {
  const options = { timeoutMs: 10_000, maxOutputBytes: 100_000 };

  it('passes no keys, tokens or secrets from the environment', async () => {
    process.env.HERMES_TEST_API_KEY = 'value-of-the-key';
    process.env.SOME_TOKEN = 'value-of-the-token';
    process.env.CLIENT_SECRET = 'value-of-the-secret';
    try {
      const result = await ws.runCommand('env', options);
      const names = result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('=')[0] as string);
      expect(names.filter((name) => /KEY|TOKEN|SECRET/i.test(name))).toEqual([]);
      expect(result.stdout).not.toContain('value-of-the');
      expect(result.stdout).toContain(`HOME=${fs.realpathSync(root)}`);
      expect(result.stdout).toContain('TERM=dumb');
    } finally {
      delete process.env.HERMES_TEST_API_KEY;
      delete process.env.SOME_TOKEN;
      delete process.env.CLIENT_SECRET;
    }
  });

  it('runs in the workspace with stdin closed and reports exit codes', async () => {
    const result = await ws.runCommand('pwd; cat; echo oops >&2; exit 3', options);
    expect(result).toMatchObject({ exitCode: 3, stdout: `${fs.realpathSync(root)}\n`, stderr: 'oops\n' });
    expect(result.timedOut).toBe(false);
  });

  it('kills the whole process group at the timeout', async () => {
    const result = await ws.runCommand('sleep 30 & echo $! > bg.pids; sleep 30 & echo $! >> bg.pids; wait', {
      ...options,
      timeoutMs: 500,
    });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    const pids = fs.readFileSync(path.join(root, 'bg.pids'), 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(2);
    expect(await waitUntilGone(pids)).toEqual([]);
  });

  it('stops background jobs when the command itself ends', async () => {
    const result = await ws.runCommand('sleep 30 & echo $! > bg-left.pid', options);
    expect(result.exitCode).toBe(0);
    const pid = Number(fs.readFileSync(path.join(root, 'bg-left.pid'), 'utf8'));
    expect(await waitUntilGone([pid])).toEqual([]);
  });

  it('kills the group when aborted', async () => {
    const controller = new AbortController();
    const running = ws.runCommand('sleep 30 & echo $! > aborted.pid; wait', {
      ...options,
      signal: controller.signal,
    });
    while (!fs.existsSync(path.join(root, 'aborted.pid'))) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const result = await running;
    expect(result.aborted).toBe(true);
    const pid = Number(fs.readFileSync(path.join(root, 'aborted.pid'), 'utf8'));
    expect(await waitUntilGone([pid])).toEqual([]);
  });

  it('caps output and says how much was dropped', async () => {
    const result = await ws.runCommand("head -c 5000 /dev/zero | tr '\\0' a", {
      ...options,
      maxOutputBytes: 1000,
    });
    expect(result.stdoutDroppedBytes).toBe(4000);
    expect(result.stdout.startsWith('a'.repeat(1000))).toBe(true);
    expect(result.stdout).toContain('[stdout capped at 1000 bytes: 4000 more bytes dropped]');
  });

  it('records files a command created, changed or deleted, but not its temp files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-ws-cmd-'));
    fs.writeFileSync(path.join(dir, 'old.txt'), 'old');
    fs.writeFileSync(path.join(dir, 'kept.txt'), 'kept');
    fs.writeFileSync(path.join(dir, 'edit.txt'), 'a');
    const fresh = new Workspace(dir);
    await fresh.runCommand(
      'echo new > sub/new.txt || (mkdir sub && echo new > sub/new.txt); rm old.txt',
      options,
    );
    await fresh.runCommand('echo more >> edit.txt; echo t > "$TMPDIR/scratch"', options);
    expect(fresh.changedFiles()).toEqual(['edit.txt', 'old.txt', 'sub/new.txt']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
