import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CIPHER } from '../api/test-service';
import { resolveConfig } from './config';
import { encryptedFileSecretStore } from './secrets';
import { readSettingsFile, writeSettings } from './settings-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hermes-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeSettings', () => {
  it('merges into the file, tool by tool, keeping keys it does not know, and leaves no temporary file', () => {
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ theme: 'dark', toolPolicies: { http_get: 'deny' } }),
    );
    expect(writeSettings(dir, { model: 'qwen', toolPolicies: { run_command: 'allow' } })).toEqual({
      ok: true,
    });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({
      theme: 'dark',
      model: 'qwen',
      toolPolicies: { http_get: 'deny', run_command: 'allow' },
    });
    expect(readdirSync(dir)).toEqual(['settings.json']);
    const config = resolveConfig({ dataDir: dir, baseUrl: 'http://127.0.0.1:1/v1' }, {}, dir);
    expect(config.ok && config.config.model).toBe('qwen');
  });

  it('refuses values the run configuration would refuse, and a file that is not an object', () => {
    expect(writeSettings(dir, { maxRounds: 0 }).ok).toBe(false);
    writeFileSync(join(dir, 'settings.json'), '[1, 2]');
    expect(readSettingsFile(dir).ok).toBe(false);
    expect(writeSettings(dir, { model: 'x' }).ok).toBe(false);
  });
});

describe('encryptedFileSecretStore', () => {
  it('keeps the key encrypted, gives it back, and forgets it on an empty key', () => {
    const secrets = encryptedFileSecretStore(dir, TEST_CIPHER);
    expect(secrets.get()).toBeUndefined();
    secrets.set('sk-abc');
    expect(secrets.get()).toBe('sk-abc');
    expect(readFileSync(join(dir, 'api-key.bin')).toString('latin1')).not.toContain('sk-abc');
    const config = resolveConfig({ dataDir: dir }, {}, dir, { escalation: 'ask', storedApiKey: 'sk-abc' });
    expect(config.ok && config.config.apiKey).toBe('sk-abc');
    secrets.set('');
    expect(secrets.get()).toBeUndefined();
  });

  it('reads a key it cannot decrypt as no key', () => {
    const broken = encryptedFileSecretStore(dir, {
      encrypt: TEST_CIPHER.encrypt,
      decrypt: () => {
        throw new Error('encrypted for someone else');
      },
    });
    broken.set('sk-abc');
    expect(broken.get()).toBeUndefined();
  });
});
