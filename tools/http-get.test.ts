import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../src/main/tools/types';
import { Workspace } from '../src/main/tools/workspace';
import { httpGetTool } from './http-get';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-http-'));
const context: ToolContext = {
  runId: 'r',
  callId: 'c',
  signal: new AbortController().signal,
  workspace: new Workspace(root),
  archive: { output: () => undefined },
};
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(600 * 1024));
      return;
    }
    const body = JSON.stringify({ accept: request.headers.accept });
    response.writeHead(201, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('http_get', () => {
  it('returns status, content type and length, and the body, sending the given headers', async () => {
    const result = await httpGetTool.execute(
      { url: `${baseUrl}/json`, headers: { Accept: 'application/json' } },
      context,
    );
    expect(result).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '29' },
      body: '{"accept":"application/json"}',
    });
  });

  it('caps the body and says so', async () => {
    const result = (await httpGetTool.execute({ url: `${baseUrl}/big` }, context)) as {
      body: string;
      note?: string;
    };
    expect(result.body).toHaveLength(512 * 1024);
    expect(result.note).toMatch(/body capped at 524288 bytes/);
  });

  it('refuses other schemes and explains unreachable hosts', async () => {
    await expect(httpGetTool.execute({ url: 'file:///etc/passwd' }, context)).rejects.toThrow(
      'only http:// and https:// URLs can be fetched, not file: URLs',
    );
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(httpGetTool.execute({ url: `http://127.0.0.1:${port}/` }, context)).rejects.toThrow(
      /could not fetch http:\/\/127\.0\.0\.1:\d+\/: fetch failed: connect ECONNREFUSED/,
    );
  });
});
