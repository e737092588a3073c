import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPLAN_REQUEST } from '../../src/main/context/replan';

/** What the fake model answers when the loop asks it for a plan. */
export const CANNED_PLAN = 'Goal: finish the task\nDone: the steps so far\nRemaining: the rest';

/** A reply the fake model sends: text and/or tool calls (arguments as a string, or an object to encode). */
export interface FakeReply {
  content?: string | null;
  tool_calls?: { id?: string; name: string; arguments: string | Record<string, unknown> }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
  delayMs?: number;
}

export interface FakeFailure {
  status: number;
  message?: string;
  headers?: Record<string, string>;
}

/** The body of a chat completions request as the fake received it. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
  [key: string]: unknown;
}

export type FakeStep = FakeReply | FakeFailure | ((request: ChatRequest) => FakeReply | FakeFailure);

export interface FakeModel {
  /** Base URL to give the client, ending in /v1. */
  url: string;
  /** The agent's requests, in order; replanning requests are kept apart in `plans`. */
  requests: ChatRequest[];
  plans: ChatRequest[];
  close(): Promise<void>;
}

/** How many replies the model already gave in this conversation: the round a stateless script is at. */
export function roundOf(request: ChatRequest): number {
  return request.messages.filter((m) => m.role === 'assistant').length;
}

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 that plays a script, one step per
 * request (or one function for every request, for runs that restart), streaming (SSE) or not as asked. The model is the only thing the tests fake, and only here.
 */
export async function startFakeModel(
  steps: FakeStep[] | ((request: ChatRequest) => FakeReply | FakeFailure),
): Promise<FakeModel> {
  const requests: ChatRequest[] = [];
  const plans: ChatRequest[] = [];
  let next = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    }
    const request = JSON.parse(body) as ChatRequest;
    if (String(request.messages.at(-1)?.content ?? '').startsWith(REPLAN_REQUEST)) {
      // The loop's own replanning request: answered here so scenarios script only the agent's steps.
      plans.push(request);
      if (request.stream) return streamReply(res, request.model, { content: CANNED_PLAN });
      return sendJson(res, 200, completion(request.model, { content: CANNED_PLAN }));
    }
    requests.push(request);
    const step = typeof steps === 'function' ? steps : steps[next++];
    const resolved = typeof step === 'function' ? step(request) : step;
    if (!resolved)
      return sendJson(res, 418, { error: { message: `the fake model's script has no step ${next}` } });
    if ('status' in resolved) {
      res.writeHead(resolved.status, { 'content-type': 'application/json', ...resolved.headers });
      res.end(JSON.stringify({ error: { message: resolved.message ?? `status ${resolved.status}` } }));
      return;
    }
    if (resolved.delayMs) await new Promise((r) => setTimeout(r, resolved.delayMs));
    if (request.stream) return streamReply(res, request.model, resolved);
    sendJson(res, 200, completion(request.model, resolved));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    plans,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toolCalls(reply: FakeReply) {
  return reply.tool_calls?.map((call, index) => ({
    id: call.id ?? `call_fake_${index}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

function usage(reply: FakeReply) {
  const u = reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
  return { ...u, total_tokens: u.prompt_tokens + u.completion_tokens };
}

function completion(model: string, reply: FakeReply) {
  const calls = toolCalls(reply);
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content ?? null,
          ...(calls ? { tool_calls: calls } : {}),
        },
        finish_reason: calls ? 'tool_calls' : 'stop',
      },
    ],
    usage: usage(reply),
  };
}

/** Streams like OpenAI does: text in pieces, each tool call's arguments split across fragments. */
function streamReply(res: ServerResponse, model: string, reply: FakeReply): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' });
  const text = reply.content ?? '';
  for (let i = 0; i < text.length; i += 40) chunk({ content: text.slice(i, i + 40) });
  (toolCalls(reply) ?? []).forEach((call, index) => {
    const args = call.function.arguments;
    const half = Math.floor(args.length / 2);
    chunk({
      tool_calls: [
        {
          index,
          id: call.id,
          type: 'function',
          function: { name: call.function.name, arguments: args.slice(0, half) },
        },
      ],
    });
    chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
  });
  chunk({}, reply.tool_calls?.length ? 'tool_calls' : 'stop');
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: usage(reply) })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
