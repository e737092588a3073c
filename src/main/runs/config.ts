import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import {
  APPROVAL_MODES,
  type ApprovalMode,
  type ContextSettings,
  type EscalationMode,
} from '../../shared/events';
import type { AlwaysAllowed } from '../tools/approval';
import type { ApprovalPolicy } from '../tools/types';
import { defaultDataDir } from './data-dir';
import { readSettings } from './settings-store';

/** Everything a run needs to know, resolved once. Holds the key itself: never log or store this object. */
export interface RunConfig {
  dataDir: string;
  baseUrl: string;
  model: string;
  apiKey?: string;
  apiKeyEnv: string;
  temperature: number;
  maxRounds: number;
  approvals: ApprovalMode;
  /** Whether a round limit, a loop or a disabled tool asks the person or ends the run. */
  escalation: EscalationMode;
  /** The context window and how much of it a request may fill. */
  context: ContextSettings;
  toolPolicies: Record<string, ApprovalPolicy>;
  alwaysAllow: AlwaysAllowed[];
  stream: boolean;
  timeoutMs: number;
  /** A recorded model instead of an endpoint (demos, tests). */
  modelScript?: string;
}

/** What flags can set; absent means "not given". */
export interface ConfigFlags {
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
  maxRounds?: string;
  contextTokens?: string;
  approvals?: string;
  escalation?: string;
  dataDir?: string;
  modelScript?: string;
}

/** What `<data dir>/settings.json` may hold; every field optional. */
export const DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  temperature: 0.2,
  maxRounds: 15,
  timeoutMs: 120_000,
  contextShare: 0.4,
  replanEvery: 5,
} as const;

/**
 * The context window of well-known models; others (most local ones) get a cautious 16k — local servers
 * often run with less than the model could take, and an over-estimate would overflow them.
 */
export function defaultContextWindow(model: string): number {
  const name = (model.split('/').pop() ?? '').toLowerCase();
  if (/^gpt-4\.1/.test(name)) return 1_000_000;
  if (/^gpt-5/.test(name)) return 400_000;
  if (/^o[134](-|$)/.test(name)) return 200_000;
  if (/^(gpt-4o|gpt-4-turbo|gpt-4\.5|chatgpt-)/.test(name)) return 128_000;
  if (/^gpt-4(-|$)/.test(name)) return 8_192;
  return 16_000;
}

export type ConfigResult = { ok: true; config: RunConfig } | { ok: false; error: string };

/** Fallbacks a caller supplies: the escalation mode, and a key kept outside the environment (the OS keychain). */
export interface ConfigDefaults {
  escalation: EscalationMode;
  /** Used when the environment holds no key; never written anywhere by the config. */
  storedApiKey?: string;
}

/**
 * Flags win, then the environment (with a `.env` file in `cwd` under the real environment), then
 * `<data dir>/settings.json`, then defaults. Every error is one line that says what to fix.
 */
export function resolveConfig(
  flags: ConfigFlags,
  processEnv: NodeJS.ProcessEnv,
  cwd: string,
  defaults: ConfigDefaults = { escalation: 'fail' },
): ConfigResult {
  const dotEnv = readDotEnv(join(cwd, '.env'));
  if (!dotEnv.ok) return dotEnv;
  const env: NodeJS.ProcessEnv = { ...dotEnv.values, ...processEnv };
  const dataDir = dataDirFrom(flags, env);
  const settings = readSettings(dataDir);
  if (!settings.ok) return settings;
  const file = settings.values;

  const baseUrl =
    flags.baseUrl ?? env.LLM_BASE_URL ?? env.OPENAI_BASE_URL ?? file.baseUrl ?? DEFAULTS.baseUrl;
  if (!flags.modelScript && !/^https?:\/\/[^\s]+$/.test(baseUrl)) {
    return {
      ok: false,
      error: `the base URL '${baseUrl}' is not an http(s) URL (set --base-url or LLM_BASE_URL)`,
    };
  }
  const maxRounds = positiveInt(flags.maxRounds ?? env.AGENT_MAX_ROUND, file.maxRounds ?? DEFAULTS.maxRounds);
  if (!maxRounds.ok) return { ok: false, error: `--max-rounds / AGENT_MAX_ROUND ${maxRounds.error}` };
  const model = flags.model ?? env.LLM_MODEL_NAME ?? file.model ?? DEFAULTS.model;
  const windowTokens = positiveInt(flags.contextTokens, file.contextTokens ?? defaultContextWindow(model));
  if (!windowTokens.ok) return { ok: false, error: `--context-tokens ${windowTokens.error}` };
  if (windowTokens.value < 1_000) return { ok: false, error: '--context-tokens must be at least 1000' };
  const temperatureText = env.LLM_TEMPERATURE;
  const temperature =
    temperatureText === undefined ? (file.temperature ?? DEFAULTS.temperature) : Number(temperatureText);
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
    return { ok: false, error: `LLM_TEMPERATURE must be a number from 0 to 2, got '${temperatureText}'` };
  }
  const approvals = flags.approvals ?? file.approvals ?? 'ask';
  if (!(APPROVAL_MODES as readonly string[]).includes(approvals)) {
    return {
      ok: false,
      error: `--approvals must be one of ${APPROVAL_MODES.join(', ')}, got '${approvals}'`,
    };
  }
  const escalation = flags.escalation ?? file.escalation ?? defaults.escalation;
  if (escalation !== 'ask' && escalation !== 'fail') {
    return { ok: false, error: `--escalation must be ask or fail, got '${escalation}'` };
  }
  const apiKeyEnv = flags.apiKeyEnv ?? file.apiKeyEnv ?? 'LLM_API_KEY';
  if (flags.apiKeyEnv && !env[flags.apiKeyEnv]) {
    return { ok: false, error: `--api-key-env names ${flags.apiKeyEnv}, but that variable is not set` };
  }
  const apiKey =
    env[apiKeyEnv] ||
    (apiKeyEnv === 'LLM_API_KEY' ? env.OPENAI_API_KEY : undefined) ||
    defaults.storedApiKey ||
    undefined;
  if (!flags.modelScript && !apiKey && new URL(baseUrl).hostname === 'api.openai.com') {
    return {
      ok: false,
      error:
        'no API key: set LLM_API_KEY (or OPENAI_API_KEY, or name another variable with --api-key-env), or point --base-url at a local server such as http://127.0.0.1:11434/v1',
    };
  }
  return {
    ok: true,
    config: {
      dataDir,
      baseUrl,
      model,
      ...(apiKey ? { apiKey } : {}),
      apiKeyEnv,
      temperature,
      maxRounds: maxRounds.value,
      approvals: approvals as ApprovalMode,
      escalation,
      context: {
        windowTokens: windowTokens.value,
        targetShare: file.contextShare ?? DEFAULTS.contextShare,
        replanEvery: file.replanEvery ?? DEFAULTS.replanEvery,
      },
      toolPolicies: file.toolPolicies ?? {},
      alwaysAllow: file.alwaysAllow ?? [],
      stream: file.stream ?? true,
      timeoutMs: file.timeoutMs ?? DEFAULTS.timeoutMs,
      ...(flags.modelScript ? { modelScript: flags.modelScript } : {}),
    },
  };
}

/** The environment config reads: a `.env` file in `cwd` under the real environment (an unreadable `.env` counts as empty). */
export function effectiveEnv(processEnv: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const dotEnv = readDotEnv(join(cwd, '.env'));
  return { ...(dotEnv.ok ? dotEnv.values : {}), ...processEnv };
}

/** The data folder alone, for commands that only read the log: `--data-dir`, `HERMES_DATA_DIR` (also from `.env`), default. */
export function resolveDataDir(flags: ConfigFlags, processEnv: NodeJS.ProcessEnv, cwd: string): string {
  const dotEnv = readDotEnv(join(cwd, '.env'));
  return dataDirFrom(flags, { ...(dotEnv.ok ? dotEnv.values : {}), ...processEnv });
}

function dataDirFrom(flags: ConfigFlags, env: NodeJS.ProcessEnv): string {
  return flags.dataDir ?? env.HERMES_DATA_DIR ?? defaultDataDir(env);
}

function positiveInt(
  text: string | undefined,
  fallback: number,
): { ok: true; value: number } | { ok: false; error: string } {
  if (text === undefined) return { ok: true, value: fallback };
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    return { ok: false, error: `must be a whole number of at least 1, got '${text}'` };
  return { ok: true, value };
}

function readDotEnv(
  file: string,
): { ok: true; values: Record<string, string> } | { ok: false; error: string } {
  if (!existsSync(file)) return { ok: true, values: {} };
  try {
    return { ok: true, values: parseEnv(readFileSync(file, 'utf8')) as Record<string, string> };
  } catch (error) {
    return { ok: false, error: `cannot read ${file}: ${(error as Error).message}` };
  }
}
