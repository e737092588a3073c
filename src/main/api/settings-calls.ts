import type { ActionResult, HermesParsedRequest, LocalServer, SettingsView } from '../../shared/api';
import { DEFAULTS, defaultContextWindow, effectiveEnv } from '../runs/config';
import { readSettingsFile, settingsSchema, writeSettings } from '../runs/settings-store';
import { resolvePolicy } from '../tools/approval';
import type { HandlerDeps } from './types';

const TEST_TIMEOUT_MS = 5_000;
const PROBE_TIMEOUT_MS = 800;

/** The usual ports of local OpenAI-compatible servers. */
export const LOCAL_SERVERS: readonly { name: string; port: number }[] = [
  { name: 'Ollama', port: 11434 },
  { name: 'LM Studio', port: 1234 },
  { name: 'vLLM', port: 8000 },
  { name: 'llama.cpp', port: 8080 },
];

/** The settings a run would use now (environment over the settings file over defaults), without the key. */
export function settingsView(deps: HandlerDeps): SettingsView {
  const env = effectiveEnv(deps.env, deps.cwd);
  const read = readSettingsFile(deps.runtime.dataDir);
  const parsed = settingsSchema.safeParse(read.ok ? read.values : {});
  const file = parsed.success ? parsed.data : {};
  const model = env.LLM_MODEL_NAME ?? file.model ?? DEFAULTS.model;
  const baseUrl = env.LLM_BASE_URL ?? env.OPENAI_BASE_URL ?? file.baseUrl ?? DEFAULTS.baseUrl;
  const apiKeyEnv = file.apiKeyEnv ?? 'LLM_API_KEY';
  const approvals = file.approvals ?? 'ask';
  const hasApiKey = Boolean(apiKey(deps, apiKeyEnv));
  const temperature = Number(env.LLM_TEMPERATURE ?? file.temperature ?? DEFAULTS.temperature);
  const maxRounds = Number(env.AGENT_MAX_ROUND ?? file.maxRounds ?? DEFAULTS.maxRounds);
  return {
    baseUrl,
    model,
    apiKeyEnv,
    hasApiKey,
    canStoreApiKey: deps.secrets.available,
    temperature: Number.isFinite(temperature) ? temperature : DEFAULTS.temperature,
    maxRounds: Number.isInteger(maxRounds) && maxRounds > 0 ? maxRounds : DEFAULTS.maxRounds,
    contextTokens: file.contextTokens ?? defaultContextWindow(model),
    approvals,
    dataDir: deps.runtime.dataDir,
    tools: deps.runtime.registry.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      risk: tool.risk,
      policy: resolvePolicy(tool, { approvals, perTool: file.toolPolicies ?? {} }),
    })),
    configured: baseUrl !== DEFAULTS.baseUrl || hasApiKey,
  };
}

/** Writes the settings file; the key goes only to the secret store, never into the file. */
export function saveSettings(deps: HandlerDeps, request: HermesParsedRequest<'saveSettings'>): ActionResult {
  const { apiKey: key, ...settings } = request;
  if (key !== undefined && !deps.secrets.available) {
    return { ok: false, error: 'this server cannot store keys: set LLM_API_KEY in its environment' };
  }
  if (Object.keys(settings).length > 0) {
    const written = writeSettings(deps.runtime.dataDir, settings);
    if (!written.ok) return written;
  }
  if (key !== undefined) deps.secrets.set(key.trim());
  return { ok: true };
}

/**
 * Lists the endpoint's models. The key is sent only to the configured endpoint, so a caller cannot
 * make this side hand it to a server of the caller's choosing.
 */
export async function testConnection(
  deps: HandlerDeps,
  request: HermesParsedRequest<'testConnection'>,
): Promise<{ ok: true; models: string[]; message: string } | { ok: false; error: string }> {
  const view = settingsView(deps);
  const key = sameOrigin(request.baseUrl, view.baseUrl) ? apiKey(deps, view.apiKeyEnv) : undefined;
  const listed = await listModels(request.baseUrl, key, TEST_TIMEOUT_MS);
  if (!listed.ok) return listed;
  const { models } = listed;
  const missing =
    request.model && !models.includes(request.model) ? `; ${request.model} is not among them` : '';
  const count = `${models.length} model${models.length === 1 ? '' : 's'}`;
  return { ok: true, models, message: `connected to ${request.baseUrl}: ${count}${missing}` };
}

/** Asks the usual local ports, all at once, which of them serve OpenAI-compatible models. */
export async function detectLocalServers(
  candidates: readonly { name: string; port: number }[] = LOCAL_SERVERS,
  host = '127.0.0.1',
): Promise<LocalServer[]> {
  const found = await Promise.all(
    candidates.map(async ({ name, port }) => {
      const baseUrl = `http://${host}:${port}/v1`;
      const listed = await listModels(baseUrl, undefined, PROBE_TIMEOUT_MS);
      return listed.ok ? [{ name, baseUrl, models: listed.models }] : [];
    }),
  );
  return found.flat();
}

function apiKey(deps: HandlerDeps, apiKeyEnv: string): string | undefined {
  const env = effectiveEnv(deps.env, deps.cwd);
  return (
    env[apiKeyEnv] || (apiKeyEnv === 'LLM_API_KEY' ? env.OPENAI_API_KEY : undefined) || deps.secrets.get()
  );
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

async function listModels(
  baseUrl: string,
  key: string | undefined,
  timeoutMs: number,
): Promise<{ ok: true; models: string[] } | { ok: false; error: string }> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const cause =
      (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : reason(error);
    return { ok: false, error: `cannot reach ${url}: ${cause}` };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint = response.status === 401 || response.status === 403 ? ' (check the API key)' : '';
    return { ok: false, error: `${url} answered ${response.status} ${response.statusText}${hint}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: `${url} did not answer with JSON: is it an OpenAI-compatible endpoint?` };
  }
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return { ok: false, error: `${url} did not answer with a list of models` };
  const models = data.flatMap((entry) =>
    entry && typeof (entry as { id?: unknown }).id === 'string' ? [(entry as { id: string }).id] : [],
  );
  return { ok: true, models };
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
