import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_CALL_PREFIX, HTTP_NOTICES } from '../../shared/api';
import type { HermesService } from '../api/types';
import {
  allowedHosts,
  isLoopbackHost,
  presentedToken,
  refuseForeign,
  tokenCookie,
  tokenMatches,
} from './access';
import { handleCall, streamNotices } from './api-routes';
import { WEB_CSP } from './csp';
import { resolveStatic, sendStatic } from './static-files';

export interface ServerOptions {
  service: Pick<HermesService, 'handlers' | 'subscribe'>;
  /** 0 picks a free port. */
  port: number;
  /** 127.0.0.1 unless told otherwise; any other address requires the token. */
  host?: string;
  /** The token for a non-loopback address; a random one when not given. Ignored on loopback. */
  token?: string;
  /** The built renderer (out/renderer). */
  staticDir: string;
  log?: (line: string) => void;
}

export interface RunningServer {
  /** `http://host:port`, the address it listens on. */
  url: string;
  /** The token every /api request must carry, when the address is not loopback. */
  token?: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};
const PAGE_HEADERS = { ...SECURITY_HEADERS, 'content-security-policy': WEB_CSP };

/**
 * The contract over HTTP + Server-Sent Events (DESIGN.md §2), and the web UI beside it. Loopback only
 * unless told otherwise; then every /api request needs the token.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = isLoopbackHost(host) ? undefined : (options.token ?? randomBytes(24).toString('base64url'));
  const log = options.log ?? (() => {});
  const streams = new Set<() => void>();
  let hosts: Set<string> | undefined;

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`${request.method} ${request.url?.split('?')[0]} failed: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'the server failed to answer' });
      else response.destroy();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = refuseForeign(request, hosts);
    if (refusal) return sendJson(response, 403, { error: refusal });
    const url = new URL(request.url ?? '/', 'http://server');
    const path = url.pathname;
    const authorised = token === undefined || tokenMatches(presentedToken(request, url), token);
    if (path === '/api' || path.startsWith('/api/')) {
      if (!authorised) {
        return sendJson(response, 401, {
          error: 'this server needs its token: Authorization: Bearer <token>',
        });
      }
      if (path.startsWith(HTTP_CALL_PREFIX)) {
        const reply = await handleCall(
          path.slice(HTTP_CALL_PREFIX.length),
          request,
          options.service.handlers,
          log,
        );
        const close: Record<string, string> = reply.status === 413 ? { connection: 'close' } : {};
        return sendJson(response, reply.status, reply.body, { ...reply.headers, ...close });
      }
      if (path === HTTP_NOTICES && request.method === 'GET') {
        const end = streamNotices(response, options.service.subscribe, SECURITY_HEADERS);
        streams.add(end);
        response.on('close', () => streams.delete(end));
        return;
      }
      return sendJson(response, 404, { error: `there is no route ${request.method} ${path}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendJson(response, 405, { error: 'the web UI is read with GET' }, { allow: 'GET, HEAD' });
    }
    const cookie: Record<string, string> =
      token !== undefined && authorised && url.searchParams.has('token')
        ? { 'set-cookie': tokenCookie(token) }
        : {};
    sendStatic(response, resolveStatic(options.staticDir, path), request.method === 'HEAD', {
      ...PAGE_HEADERS,
      ...cookie,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(host, port);
  const name = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${name}:${port}`,
    ...(token !== undefined ? { token } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of streams) end();
        server.close(() => resolve());
        server.closeIdleConnections();
        // A browser may hold a keep-alive request open; shutting down must not wait on it.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      }),
  };
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body ?? null);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}
