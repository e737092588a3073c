import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, ofType, runCli } from './support/cli';
import { type FakeModel, startFakeModel } from './support/fake-model-server';

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('the workspace sandbox', () => {
  it('refuses every way out through the file tools, http_get and a symlink made by run_command', async () => {
    const dataDir = freshDataDir();
    const escapes = [
      { name: 'read_file', arguments: { path: '../../hermes.db' } },
      { name: 'read_file', arguments: { path: '/etc/passwd' } },
      { name: 'read_file', arguments: { path: '~/.bashrc' } },
      { name: 'write_file', arguments: { path: '../escaped.txt', content: 'x' } },
      { name: 'write_file', arguments: { path: '/tmp/hermes-escaped.txt', content: 'x' } },
      { name: 'list_files', arguments: { path: '..' } },
      { name: 'search_files', arguments: { pattern: 'root', path: '/etc' } },
      { name: 'http_get', arguments: { url: 'file:///etc/passwd' } },
    ];
    model = await startFakeModel([
      { tool_calls: escapes },
      { tool_calls: [{ name: 'run_command', arguments: { command: 'ln -s /etc outside && ln -s .. up' } }] },
      {
        tool_calls: [
          { name: 'read_file', arguments: { path: 'outside/passwd' } },
          { name: 'write_file', arguments: { path: 'up/escaped.txt', content: 'x' } },
          { name: 'list_files', arguments: { path: 'outside' } },
          { name: 'search_files', arguments: { pattern: 'root', path: 'outside' } },
        ],
      },
      { content: 'could not get out' },
    ]);
    const result = await runCli([
      'run',
      'try to escape',
      '--json',
      '--approvals',
      'auto',
      '--base-url',
      model.url,
      '--data-dir',
      dataDir,
    ]);
    expect(result.code).toBe(0);
    const failed = ofType(result.events, 'tool.failed');
    expect(failed).toHaveLength(escapes.length + 4);
    for (const failure of failed) expect(failure.error).not.toMatch(/root:x:0/);
    expect(
      JSON.stringify(ofType(result.events, 'tool.finished').filter((e) => e.name !== 'run_command')),
    ).not.toMatch(/root:x:0/);
    expect(existsSync(join(dataDir, 'workspaces', 'escaped.txt'))).toBe(false);
    expect(existsSync('/tmp/hermes-escaped.txt')).toBe(false);
    expect(readdirSync(join(dataDir, 'workspaces'))).toHaveLength(1);
  });

  it('does not give commands the API key', async () => {
    model = await startFakeModel([
      { tool_calls: [{ name: 'run_command', arguments: { command: 'env' } }] },
      { content: 'ok' },
    ]);
    const result = await runCli(
      [
        'run',
        'print env',
        '--json',
        '--approvals',
        'auto',
        '--base-url',
        model.url,
        '--data-dir',
        freshDataDir(),
      ],
      {
        env: { LLM_API_KEY: 'sk-secret-test-key' },
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('sk-secret-test-key');
  });
});
