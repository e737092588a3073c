import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

const FETCH_TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 512 * 1024;

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no complete answer within ${FETCH_TIMEOUT_MS} ms`;
  if (error instanceof Error && error.name === 'AbortError') return 'the call was cancelled';
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${detail}`;
}

function checkedUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`'${url}' is not a valid URL; give a full URL such as https://example.com/page`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`only http:// and https:// URLs can be fetched, not ${parsed.protocol} URLs`);
  }
  return parsed;
}

async function readCapped(response: Response): Promise<{ body: string; droppedBytes: boolean }> {
  if (response.body === null) return { body: '', droppedBytes: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let kept = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: Buffer.concat(chunks).toString('utf8'), droppedBytes: false };
    const room = MAX_BODY_BYTES - kept;
    chunks.push(value.length <= room ? value : value.subarray(0, room));
    kept += Math.min(value.length, room);
    if (value.length > room) {
      await reader.cancel();
      return { body: Buffer.concat(chunks).toString('utf8'), droppedBytes: true };
    }
  }
}

export const httpGetTool = defineTool({
  name: 'http_get',
  description: `Fetch a web page or API response with an HTTP GET request (http:// and https:// only). Returns the status, content type and length, and the body as text (at most ${MAX_BODY_BYTES} bytes).`,
  parameters: z.object({
    url: z.string().describe('The full http:// or https:// URL to fetch'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra request headers, e.g. {"Accept": "application/json"}'),
  }),
  risk: 'external',
  timeoutMs: FETCH_TIMEOUT_MS + 10_000,
  idempotent: true,
  async execute({ url, headers }, { signal }) {
    const target = checkedUrl(url);
    const timeout = AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
    try {
      const response = await fetch(target, { headers: headers ?? {}, signal: timeout, redirect: 'follow' });
      const { body, droppedBytes } = await readCapped(response);
      return {
        status: response.status,
        headers: {
          'content-type': response.headers.get('content-type'),
          'content-length': response.headers.get('content-length'),
        },
        body,
        ...(droppedBytes ? { note: `body capped at ${MAX_BODY_BYTES} bytes; the rest was dropped` } : {}),
      };
    } catch (error) {
      throw new Error(`could not fetch ${target.href}: ${reasonOf(error)}`);
    }
  },
});
