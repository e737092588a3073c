import { join } from 'node:path';
import { findInCheckout } from '../api/demo';
import { createHandlers } from '../api/handlers';
import { resolveDataDir } from '../runs/config';
import { RunManager } from '../runs/run-manager';
import { Runtime } from '../runs/runtime';
import { NO_SECRET_STORE } from '../runs/secrets';
import { startServer } from '../server/http-server';
import { type CliIo, EXIT } from './io';

export interface ServeFlags {
  port?: string;
  host?: string;
  dataDir?: string;
}

/**
 * `hermes-studio serve`: the API over HTTP + SSE and the web UI, until SIGINT or SIGTERM (or `stop`).
 * Prints its address as the one line on stdout. Stopping cancels nothing: runs under way stay resumable.
 */
export async function serveCommand(
  flags: ServeFlags,
  io: CliIo,
  stop: Promise<void> = signalled(),
): Promise<number> {
  const port = Number(flags.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    io.error(`--port must be a port number from 0 to 65535 (0 picks a free one), got '${flags.port}'`);
    return EXIT.usage;
  }
  const dataDir = resolveDataDir(flags, io.env, io.cwd);
  let runtime: Runtime;
  try {
    runtime = new Runtime(dataDir);
  } catch (error) {
    io.error(`cannot open the data folder ${dataDir}: ${(error as Error).message.split('\n')[0]}`);
    return EXIT.usage;
  }
  const service = createHandlers({
    runtime,
    manager: new RunManager(runtime),
    by: 'api',
    secrets: NO_SECRET_STORE,
    env: io.env,
    cwd: io.cwd,
    log: io.error,
  });
  const page = findInCheckout(join('out', 'renderer', 'index.html'));
  if (!page) io.error('the web UI is not built (run npm run build); the API works without it');
  try {
    const server = await startServer({
      service,
      port,
      ...(flags.host ? { host: flags.host } : {}),
      ...(io.env.HERMES_TOKEN ? { token: io.env.HERMES_TOKEN } : {}),
      staticDir: page ? join(page, '..') : join(io.cwd, 'out', 'renderer'),
      log: io.error,
    });
    io.out(server.url);
    if (server.token) {
      io.out(`token: ${server.token}`);
      io.error(
        `not a loopback address: every /api request needs the token; open ${server.url}/?token=${server.token}`,
      );
    }
    await stop;
    await server.close();
  } catch (error) {
    io.error(`cannot serve on ${flags.host ?? '127.0.0.1'}:${port}: ${(error as Error).message}`);
    return EXIT.usage;
  } finally {
    service.close();
    await runtime.close();
  }
  return EXIT.ok;
}

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}
