import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1']);
const TOKEN_COOKIE = 'hermes_token';

/** Whether `host` is this machine's own loopback address; anything else (even 127.0.0.2) needs a token. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host);
}

/** The Host headers a request to this server may carry; undefined when bound to every address. */
export function allowedHosts(host: string, port: number): Set<string> | undefined {
  if (host === '0.0.0.0' || host === '::') return undefined;
  const name = host.includes(':') ? `[${host}]` : host;
  const hosts = new Set([`${name}:${port}`]);
  if (host === '127.0.0.1' || host === '::1') hosts.add(`localhost:${port}`);
  return hosts;
}

/**
 * Refuses requests whose Host is not the bound address (a DNS-rebinding page names its own host) and
 * browser requests from another origin. Returns why, or undefined when the request may go on.
 */
export function refuseForeign(request: IncomingMessage, hosts: Set<string> | undefined): string | undefined {
  const host = (request.headers.host ?? '').toLowerCase();
  if (hosts && !hosts.has(host)) return `this server answers only to ${[...hosts].join(' or ')}`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'requests from other sites are refused';
  return undefined;
}

/** The token a request carries: `Authorization: Bearer`, `?token=` (EventSource cannot set headers), or the cookie. */
export function presentedToken(request: IncomingMessage, url: URL): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const query = url.searchParams.get('token');
  if (query) return query;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Set when the page is opened with a good `?token=`: the page's own fetch and EventSource calls then
 * carry it without the renderer knowing about tokens. Strict same-site, so other sites' requests lack it.
 */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
}
