import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { type HermesCallName, type HermesNotice, hermesContract } from '../../shared/api';
import type { HermesHandlers } from '../api/types';

const MAX_BODY_BYTES = 1_000_000;
const HEARTBEAT_MS = 15_000;
/** A client this far behind on notices is dropped; it reconnects and reloads what it missed. */
const MAX_BUFFERED_BYTES = 8_000_000;

/** A reply to a call: status and JSON body. Errors are one line in plain words, never a stack. */
export interface CallReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** `POST /api/call/<name>`: JSON in, zod-parsed with the contract, JSON out. */
export async function handleCall(
  name: string,
  request: IncomingMessage,
  handlers: HermesHandlers,
  log: (line: string) => void,
): Promise<CallReply> {
  if (!Object.hasOwn(hermesContract, name))
    return { status: 404, body: { error: `there is no call named '${name}'` } };
  if (request.method !== 'POST') {
    return { status: 405, body: { error: `${name} takes a POST request` }, headers: { allow: 'POST' } };
  }
  // Only JSON: a page elsewhere cannot send it without a preflight, which this server never approves.
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, body: { error: 'send the request as JSON (content-type: application/json)' } };
  }
  const text = await readBody(request);
  if (text === undefined) return { status: 413, body: { error: 'the request is larger than 1 MB' } };
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    return { status: 400, body: { error: `the request is not valid JSON: ${(error as Error).message}` } };
  }
  const callName = name as HermesCallName;
  const parsed = hermesContract[callName].request.safeParse(json);
  if (!parsed.success) {
    const why = z.prettifyError(parsed.error).replace(/\n/g, '; ');
    return { status: 400, body: { error: `invalid ${name} request: ${why}` } };
  }
  try {
    const handler = handlers[callName] as (request: unknown) => Promise<unknown>;
    return { status: 200, body: await handler(parsed.data) };
  } catch (error) {
    log(`${name} failed: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
    return { status: 500, body: { error: `${name} failed inside the server; see its log` } };
  }
}

/** `GET /api/notices`: Server-Sent Events, one `data:` line of JSON per notice, a comment as heartbeat. */
export function streamNotices(
  response: ServerResponse,
  subscribe: (listener: (notice: HermesNotice) => void) => () => void,
  headers: Record<string, string>,
): () => void {
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(': connected\n\n');
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const unsubscribe = subscribe((notice) => {
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(`data: ${JSON.stringify(notice)}\n\n`);
  });
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  response.on('close', stop);
  return () => {
    stop();
    response.end();
  };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        request.pause();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
