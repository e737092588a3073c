import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModel, startFakeModel } from '../../../test/support/fake-model-server';
import { detectLocalServers } from './settings-calls';
import { startTestService, type TestService } from './test-service';

const KEY = 'sk-test-very-secret-0123456789';

let service: TestService | undefined;
let model: FakeModel | undefined;
let endpoint: Server | undefined;
afterEach(async () => {
  await service?.dispose();
  await model?.close();
  endpoint?.closeAllConnections();
  await new Promise((resolve) => (endpoint ? endpoint.close(resolve) : resolve(undefined)));
  service = undefined;
  model = undefined;
  endpoint = undefined;
});

/** A `/v1/models` endpoint that records the Authorization header of each request. */
async function modelsEndpoint(seen: (string | undefined)[]): Promise<string> {
  endpoint = createServer((request, response) => {
    seen.push(request.headers.authorization);
    if (request.url !== '/v1/models') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [{ id: 'local-model' }, { id: 'other' }] }));
  });
  await new Promise<void>((resolve) => endpoint?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
}

function everyFileUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('api-key.bin'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

describe('settings', () => {
  it('round-trips settings, keeps unknown keys, and keeps the key out of the file, the log and responses', async () => {
    model = await startFakeModel([{ content: 'ok' }]);
    service = startTestService({ keys: true });
    writeFileSync(join(service.dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', stream: false }));
    const before = await service.handlers.getSettings({});
    expect(before).toMatchObject({ configured: false, hasApiKey: false, canStoreApiKey: true });
    const saved = await service.handlers.saveSettings({
      baseUrl: model.url,
      model: 'local-model',
      apiKey: KEY,
      maxRounds: 7,
      toolPolicies: { run_command: 'deny' },
    });
    expect(saved).toEqual({ ok: true });
    const view = await service.handlers.getSettings({});
    expect(view).toMatchObject({ baseUrl: model.url, model: 'local-model', maxRounds: 7, hasApiKey: true });
    expect(view.configured).toBe(true);
    expect(view.tools.find((t) => t.name === 'run_command')?.policy).toBe('deny');
    expect(view.tools.find((t) => t.name === 'http_get')?.policy).toBe('ask');
    const file = JSON.parse(readFileSync(join(service.dataDir, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ theme: 'dark', stream: false, maxRounds: 7 });

    const run = await service.handlers.startRun({ task: 'Say ok' });
    if (!run.ok) throw new Error(run.error);
    await service.settled(run.runId);
    expect(JSON.stringify(service.notices)).not.toContain(KEY);
    expect(JSON.stringify(view)).not.toContain(KEY);
    service.runtime.store.flush();
    expect(everyFileUnder(service.dataDir)).not.toContain(KEY);
    expect(readFileSync(join(service.dataDir, 'api-key.bin')).toString('latin1')).not.toContain(KEY);
  });

  it('refuses bad values and keys where none can be kept', async () => {
    service = startTestService();
    expect(await service.handlers.saveSettings({ apiKey: KEY })).toEqual({
      ok: false,
      error: 'this server cannot store keys: set LLM_API_KEY in its environment',
    });
    expect((await service.handlers.getSettings({})).canStoreApiKey).toBe(false);
    writeFileSync(join(service.dataDir, 'settings.json'), '{"maxRounds": "many"}');
    const refused = await service.handlers.saveSettings({ model: 'x' });
    expect(refused.ok).toBe(false);
  });

  it('counts a key in the environment as configured', async () => {
    service = startTestService({ env: { LLM_API_KEY: KEY } });
    expect(await service.handlers.getSettings({})).toMatchObject({ hasApiKey: true, configured: true });
  });
});

describe('testConnection and detectLocalServers', () => {
  it('lists the models, sending the key only to the configured endpoint', async () => {
    const seen: (string | undefined)[] = [];
    const url = await modelsEndpoint(seen);
    service = startTestService({ keys: true });
    await service.handlers.saveSettings({ baseUrl: url, apiKey: KEY });
    const result = await service.handlers.testConnection({ baseUrl: url, model: 'missing-model' });
    expect(result).toEqual({
      ok: true,
      models: ['local-model', 'other'],
      message: `connected to ${url}: 2 models; missing-model is not among them`,
    });
    expect(seen).toEqual([`Bearer ${KEY}`]);
    const elsewhere = url.replace('127.0.0.1', 'localhost');
    expect((await service.handlers.testConnection({ baseUrl: elsewhere })).ok).toBe(true);
    expect(seen[1]).toBeUndefined();
  });

  it('says in one line why a connection fails', async () => {
    service = startTestService();
    const url = await modelsEndpoint([]);
    const wrong = await service.handlers.testConnection({ baseUrl: `${url}/nothing` });
    expect(wrong).toEqual({ ok: false, error: `${url}/nothing/models answered 404 Not Found` });
    const closing = endpoint;
    if (!closing) throw new Error('the endpoint is not running');
    const port = (closing.address() as AddressInfo).port;
    endpoint = undefined;
    closing.closeAllConnections();
    await new Promise((resolve) => closing.close(resolve));
    const down = await service.handlers.testConnection({ baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(!down.ok && down.error).toMatch(
      /^cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/models: ECONNREFUSED$/,
    );
  });

  it('finds a local server on a probed port and skips closed ones', async () => {
    const url = await modelsEndpoint([]);
    const port = Number(new URL(url).port);
    const found = await detectLocalServers([
      { name: 'Test server', port },
      { name: 'Nothing', port: 1 },
    ]);
    expect(found).toEqual([{ name: 'Test server', baseUrl: url, models: ['local-model', 'other'] }]);
  });
});
