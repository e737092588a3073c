import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Hermes Studio</title><p>The web UI is not built yet: run <code>npm run build</code>, then reload. The API works already.</p>\n';

/** What a path of the site comes to: a file to send, a page to say the UI is not built, or nothing. */
export type StaticTarget = { kind: 'file'; file: string } | { kind: 'not-built' } | { kind: 'missing' };

/**
 * Maps a URL path to a file inside `root`, never outside it (decoded, resolved, and checked again after
 * symlinks). Paths without an extension are the single-page app's routes and get index.html.
 */
export function resolveStatic(root: string, pathname: string): StaticTarget {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return { kind: 'not-built' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'missing' };
  }
  if (decoded.includes('\0')) return { kind: 'missing' };
  const base = realpathSync(root);
  const candidate = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (!inside(base, candidate)) return { kind: 'missing' };
  if (existsSync(candidate)) {
    const real = realpathSync(candidate);
    if (!inside(base, real)) return { kind: 'missing' };
    if (statSync(real).isFile()) return { kind: 'file', file: real };
    const nested = join(real, 'index.html');
    if (existsSync(nested)) return { kind: 'file', file: nested };
  }
  return extname(candidate) ? { kind: 'missing' } : { kind: 'file', file: index };
}

export function sendStatic(
  response: ServerResponse,
  target: StaticTarget,
  headOnly: boolean,
  headers: Record<string, string>,
): void {
  if (target.kind === 'missing') {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end(headOnly ? undefined : 'not found\n');
    return;
  }
  if (target.kind === 'not-built') {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    response.end(headOnly ? undefined : NOT_BUILT);
    return;
  }
  const type = MIME_TYPES[extname(target.file).toLowerCase()] ?? 'application/octet-stream';
  // The page may change with every build; hashed assets never do.
  const cache = type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600';
  response.writeHead(200, {
    ...headers,
    'content-type': type,
    'content-length': String(statSync(target.file).size),
    'cache-control': cache,
  });
  if (headOnly) {
    response.end();
    return;
  }
  createReadStream(target.file)
    .on('error', () => response.destroy())
    .pipe(response);
}

function inside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}
