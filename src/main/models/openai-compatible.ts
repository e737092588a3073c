import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { AssistantMessage, RawToolCall } from '../../shared/decision';
import type { ModelInfo } from '../../shared/events';
import type { ModelClient, ModelFailure, ModelRequest, ModelResult } from './types';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  model: string;
  /** The key itself. It stays inside this client: never logged, stored or passed on. */
  apiKey?: string;
  temperature: number;
  timeoutMs: number;
  stream: boolean;
}

/** Any server that speaks the OpenAI chat completions protocol: OpenAI, Ollama, LM Studio, vLLM, llama.cpp. */
export class OpenAiCompatibleModel implements ModelClient {
  readonly info: ModelInfo;
  readonly #client: OpenAI;
  readonly #options: OpenAiCompatibleOptions;

  constructor(options: OpenAiCompatibleOptions) {
    this.#options = options;
    this.info = { provider: providerOf(options.baseUrl), baseUrl: options.baseUrl, model: options.model };
    this.#client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers accept any key; the SDK insists on a non-empty one.
      apiKey: options.apiKey || 'not-needed',
      maxRetries: 0,
      timeout: options.timeoutMs,
    });
  }

  async complete(request: ModelRequest): Promise<ModelResult> {
    const body = {
      model: this.#options.model,
      messages: request.messages,
      temperature: this.#options.temperature,
      ...(request.tools && request.tools.length > 0 ? { tools: request.tools } : {}),
    } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
    try {
      if (!this.#options.stream) {
        const completion = await this.#client.chat.completions.create(body, { signal: request.signal });
        const choice = completion.choices[0];
        return {
          ok: true,
          reply: {
            message: fromCompletionMessage(choice?.message),
            usage: {
              prompt: completion.usage?.prompt_tokens ?? 0,
              completion: completion.usage?.completion_tokens ?? 0,
            },
            finishReason: choice?.finish_reason ?? undefined,
          },
        };
      }
      const stream = await this.#client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: request.signal },
      );
      const assembler = new StreamAssembler();
      for await (const chunk of stream) {
        const text = assembler.add(chunk);
        if (text) request.onText?.(text);
      }
      return { ok: true, reply: assembler.result() };
    } catch (error) {
      return { ok: false, failure: classifyModelError(error, this.info) };
    }
  }
}

type ReasoningDelta = { reasoning_content?: string | null; reasoning?: string | null };

/** Reassembles a streamed reply; tool call fragments arrive keyed by `index`. */
class StreamAssembler {
  #content = '';
  #reasoning = '';
  #calls: { id?: string; name: string; arguments: string }[] = [];
  #usage = { prompt: 0, completion: 0 };
  #finishReason: string | undefined;

  add(chunk: OpenAI.Chat.ChatCompletionChunk): string {
    if (chunk.usage) {
      this.#usage = { prompt: chunk.usage.prompt_tokens, completion: chunk.usage.completion_tokens };
    }
    const choice = chunk.choices?.[0];
    if (!choice) return '';
    if (choice.finish_reason) this.#finishReason = choice.finish_reason;
    const delta = choice.delta as (typeof choice.delta & ReasoningDelta) | undefined;
    if (!delta) return '';
    this.#reasoning += delta.reasoning_content ?? delta.reasoning ?? '';
    for (const part of delta.tool_calls ?? []) {
      const slot = this.#calls[part.index] ?? { name: '', arguments: '' };
      this.#calls[part.index] = slot;
      if (part.id) slot.id = part.id;
      // Servers send the name once; some repeat it in every fragment.
      if (part.function?.name && !slot.name) slot.name = part.function.name;
      slot.arguments += part.function?.arguments ?? '';
    }
    const text = delta.content ?? '';
    this.#content += text;
    return text;
  }

  result() {
    const toolCalls: RawToolCall[] = this.#calls
      .filter((call) => call !== undefined)
      .map((call) => ({
        ...(call.id ? { id: call.id } : {}),
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      }));
    const message: AssistantMessage = {
      content: this.#content === '' && toolCalls.length ? null : this.#content,
    };
    if (toolCalls.length) message.tool_calls = toolCalls;
    if (this.#reasoning) message.reasoning = this.#reasoning;
    return { message, usage: this.#usage, finishReason: this.#finishReason };
  }
}

function fromCompletionMessage(message: OpenAI.Chat.ChatCompletionMessage | undefined): AssistantMessage {
  if (!message) return { content: '' };
  const result: AssistantMessage = { content: message.content };
  const calls = (message.tool_calls ?? []).flatMap((call) =>
    call.type === 'function'
      ? [
          {
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments },
          },
        ]
      : [],
  );
  if (calls.length) result.tool_calls = calls;
  const reasoning = (message as typeof message & ReasoningDelta).reasoning_content;
  if (reasoning) result.reasoning = reasoning;
  return result;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TOOLS_UNSUPPORTED = /tool|function.?call|jinja/i;

/** Turns whatever the SDK threw into a failure that says what to do about it. */
export function classifyModelError(error: unknown, info: ModelInfo): ModelFailure {
  if (error instanceof APIUserAbortError)
    return { kind: 'cancelled', message: 'the model request was cancelled' };
  if (error instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', message: `the model at ${info.baseUrl} did not answer in time` };
  }
  if (error instanceof APIConnectionError) {
    const code = causeCode(error);
    if (code && UNREACHABLE_CODES.has(code)) {
      return {
        kind: 'configuration',
        message: `cannot reach the model at ${info.baseUrl} (${code}): is the server running? Check --base-url or LLM_BASE_URL`,
      };
    }
    const cause = rootCause(error);
    return {
      kind: 'network',
      message: `connection to ${info.baseUrl} failed (${code ?? cause ?? 'no detail'})`,
    };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = firstLine(error.message);
    if (status === 429) {
      return {
        kind: 'rate_limited',
        status,
        message: `rate limited (429): ${detail}`,
        retryAfterMs: retryAfter(error.headers),
      };
    }
    if (status === 401 || status === 403) {
      return {
        kind: 'configuration',
        status,
        message: `the model endpoint ${info.baseUrl} refused the API key (${status}): set a valid key in LLM_API_KEY or the variable named by --api-key-env`,
      };
    }
    if (status === 404) {
      return {
        kind: 'configuration',
        status,
        message: `model '${info.model}' or its chat endpoint was not found at ${info.baseUrl} (404): check --model and --base-url (OpenAI-compatible servers usually end in /v1)`,
      };
    }
    if ((status === 400 || status === 422 || status === 500) && TOOLS_UNSUPPORTED.test(error.message)) {
      return {
        kind: 'tools_unsupported',
        status,
        message: `the endpoint does not accept tools (${status}): ${detail}`,
      };
    }
    if (status === 408) return { kind: 'timeout', status, message: `the model timed out (408): ${detail}` };
    if (status >= 500) {
      return {
        kind: 'server',
        status,
        message: `model server error (${status}): ${detail}`,
        retryAfterMs: retryAfter(error.headers),
      };
    }
    return {
      kind: 'bad_request',
      status,
      message: `the model endpoint rejected the request (${status}): ${detail}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', message: `model request failed: ${firstLine(message)}` };
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function rootCause(error: unknown): string | undefined {
  let current: unknown = error;
  let message: string | undefined;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    message = current.message;
    current = current.cause;
  }
  return message;
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && headers?.get('retry-after-ms')) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function providerOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'openai-compatible';
  }
  if (url.hostname === 'api.openai.com') return 'openai';
  const byPort: Record<string, string> = {
    '11434': 'ollama',
    '1234': 'lmstudio',
    '8000': 'vllm',
    '8080': 'llama.cpp',
  };
  return byPort[url.port] ?? 'openai-compatible';
}
