import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HermesNotice } from '../../shared/api';
import { startTestService, type TestService } from '../api/test-service';
import { type RunningServer, startServer } from './http-server';

let service: TestService;
let server: RunningServer;
let site: string;

beforeAll(async () => {
  service = startTestService();
  site = mkdtempSync(join(tmpdir(), 'hermes-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Hermes Studio</title>');
  writeFileSync(join(site, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(site, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(tmpdir(), 'hermes-secret.txt'), 'outside the site');
  server = await startServer({ service, port: 0, staticDir: site });
});

afterAll(async () => {
  await server.close();
  await service.dispose();
  rmSync(site, { recursive: true, force: true });
});

function call(name: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A raw request, so paths and headers go out exactly as written (fetch would normalise them). */
function raw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads Server-Sent Events with fetch until `done` says enough. */
async function readNotices(
  url: string,
  done: (seen: HermesNotice[]) => boolean,
  onOpen: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  const seen: HermesNotice[] = [];
  let buffer = '';
  let opened = false;
  while (!done(seen)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += value;
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      if (frame.startsWith(':') && !opened) {
        opened = true;
        await onOpen();
      }
      if (frame.startsWith('data: ')) seen.push(JSON.parse(frame.slice(6)) as HermesNotice);
    }
  }
  controller.abort();
  return seen;
}

describe('the API routes', () => {
  it('answers a call with JSON', async () => {
    const response = await call('listRuns', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual([]);
  });

  it('refuses bad input in plain words, unknown calls, other methods and other content types', async () => {
    const bad = await call('listRuns', { limit: -1 });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toMatch(/^invalid listRuns request: /);
    expect(error).not.toMatch(/ at .*\.ts/);
    const notJson = await call('listRuns', '{nope');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toMatch(/^the request is not valid JSON/);
    const unknown = await call('dropTables', {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "there is no call named 'dropTables'" });
    expect((await call('__proto__', {})).status).toBe(404);
    expect((await fetch(`${server.url}/api/call/listRuns`)).status).toBe(405);
    const form = await fetch(`${server.url}/api/call/startDemo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    expect((await call('listRuns', 'x'.repeat(1_100_000))).status).toBe(413);
  });

  it('streams the events of a run started through the call route', async () => {
    let runId = '';
    const notices = await readNotices(
      `${server.url}/api/notices`,
      (seen) =>
        seen.some((n) => n.kind === 'event' && n.event.runId === runId && n.event.type === 'run.finished'),
      async () => {
        const started = (await (await call('startDemo', {})).json()) as { ok: boolean; runId: string };
        expect(started.ok).toBe(true);
        runId = started.runId;
      },
    );
    const events = notices.flatMap((n) => (n.kind === 'event' && n.event.runId === runId ? [n.event] : []));
    expect(events[0]?.type).toBe('run.started');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(notices.some((n) => n.kind === 'text' && n.runId === runId)).toBe(true);
  });
});

describe('the web UI files', () => {
  it('serves files with their types and security headers, and the page for app routes', async () => {
    const script = await fetch(`${server.url}/assets/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}/assets/app.css`)).headers.get('content-type')).toMatch(/^text\/css/);
    const page = await fetch(`${server.url}/runs/r1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Hermes Studio</title>');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('never leaves the site folder', async () => {
    for (const path of [
      '/../hermes-secret.txt',
      '/..%2fhermes-secret.txt',
      '/assets/..%2f..%2fhermes-secret.txt',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%00.js',
      '/%E0%A4%A',
    ]) {
      const response = await raw(server.url, path);
      expect(response.body, path).not.toContain('outside the site');
      expect(response.body, path).not.toContain('root:');
      expect([200, 404], path).toContain(response.status);
      if (response.status === 200) expect(response.body).toContain('<title>Hermes Studio</title>');
    }
  });

  it('says to build the UI when it is missing, while the API still works', async () => {
    const bare = await startServer({ service, port: 0, staticDir: join(site, 'nothing-here') });
    try {
      const page = await fetch(`${bare.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('npm run build');
      expect(
        (
          await fetch(`${bare.url}/api/call/listRuns`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('access', () => {
  it('refuses a Host header other than the bound address, and other sites', async () => {
    const port = new URL(server.url).port;
    expect((await raw(server.url, '/', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await raw(server.url, '/api/notices', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await raw(server.url, '/', { host: `localhost:${port}` })).status).toBe(200);
    const foreign = await call('listRuns', {}, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await call('listRuns', {}, { origin: server.url })).status).toBe(200);
  });

  it('requires the token on a non-loopback address, by header, query or cookie', async (context) => {
    let open: RunningServer;
    try {
      open = await startServer({ service, port: 0, host: '127.0.0.2', token: 'let-me-in', staticDir: site });
    } catch {
      context.skip('127.0.0.2 cannot be bound on this machine');
      return;
    }
    try {
      expect(open.token).toBe('let-me-in');
      const url = `${open.url}/api/call/listRuns`;
      const post = (headers: Record<string, string>, target = url) =>
        fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        });
      expect((await post({})).status).toBe(401);
      expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await post({ authorization: 'Bearer let-me-in' })).status).toBe(200);
      expect((await post({}, `${url}?token=let-me-in`)).status).toBe(200);
      const page = await fetch(`${open.url}/?token=let-me-in`);
      const cookie = page.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect((await post({ cookie: cookie.split(';')[0] ?? '' })).status).toBe(200);
      expect((await fetch(`${open.url}/api/notices`)).status).toBe(401);
      expect((await fetch(`${open.url}/`)).status).toBe(200);
      const random = await startServer({ service, port: 0, host: '127.0.0.2', staticDir: site });
      expect(random.token).toMatch(/^[\w-]{32}$/);
      await random.close();
    } finally {
      await open.close();
    }
  });
});
