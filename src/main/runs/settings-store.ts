import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { APPROVAL_MODES } from '../../shared/events';
import type { AlwaysAllowed } from '../tools/approval';

/** What settings.json may hold; every field optional. */
export const settingsSchema = z
  .object({
    baseUrl: z.string(),
    model: z.string(),
    apiKeyEnv: z.string(),
    temperature: z.number().min(0).max(2),
    maxRounds: z.number().int().positive(),
    contextTokens: z.number().int().min(1_000),
    contextShare: z.number().min(0.05).max(0.95),
    replanEvery: z.number().int().min(0),
    approvals: z.enum(APPROVAL_MODES),
    escalation: z.enum(['ask', 'fail']),
    toolPolicies: z.record(z.string(), z.enum(['allow', 'ask', 'deny'])),
    alwaysAllow: z.array(z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) })),
    stream: z.boolean(),
    timeoutMs: z.number().int().positive(),
  })
  .partial();

export function settingsFile(dataDir: string): string {
  return join(dataDir, 'settings.json');
}

/** Fields a caller may change; anything else already in the file is kept as it is. */
export type SettingsPatch = Partial<z.infer<typeof settingsSchema>>;

export type SettingsRead = { ok: true; values: Record<string, unknown> } | { ok: false; error: string };

/** The settings file as it stands, unknown keys included; a missing file is empty settings. */
export function readSettingsFile(dataDir: string): SettingsRead {
  const file = settingsFile(dataDir);
  if (!existsSync(file)) return { ok: true, values: {} };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { ok: false, error: `the settings file ${file} is not valid JSON: ${(error as Error).message}` };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { ok: false, error: `the settings file ${file} does not hold a JSON object` };
  }
  return { ok: true, values: json as Record<string, unknown> };
}

/**
 * Merges `patch` into the settings file (per-tool policies merge tool by tool), checks the result with
 * the same schema the run configuration reads it with, and replaces the file in one rename, so a crash
 * never leaves half a file behind.
 */
export function writeSettings(
  dataDir: string,
  patch: SettingsPatch,
): { ok: true } | { ok: false; error: string } {
  const current = readSettingsFile(dataDir);
  if (!current.ok) return current;
  const merged: Record<string, unknown> = { ...current.values, ...patch };
  if (patch.toolPolicies) {
    const before = current.values.toolPolicies;
    merged.toolPolicies = {
      ...(before && typeof before === 'object' ? (before as Record<string, unknown>) : {}),
      ...patch.toolPolicies,
    };
  }
  const checked = settingsSchema.safeParse(merged);
  if (!checked.success) {
    return {
      ok: false,
      error: `these settings are not valid: ${z.prettifyError(checked.error).replace(/\n/g, '; ')}`,
    };
  }
  const file = settingsFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(temporary, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(temporary, file);
  return { ok: true };
}

/** The settings file checked against the schema, for resolving a run's configuration. */
export function readSettings(
  dataDir: string,
): { ok: true; values: SettingsPatch } | { ok: false; error: string } {
  const read = readSettingsFile(dataDir);
  if (!read.ok) return read;
  const parsed = settingsSchema.safeParse(read.values);
  if (!parsed.success) {
    const problems = z.prettifyError(parsed.error).replace(/\n/g, '; ');
    return { ok: false, error: `the settings file ${settingsFile(dataDir)} has bad values: ${problems}` };
  }
  return { ok: true, values: parsed.data };
}

/** Adds a call the person chose to always allow, keeping everything else in the file. */
export function rememberAlwaysAllowed(
  dataDir: string,
  entry: AlwaysAllowed,
): { ok: true } | { ok: false; error: string } {
  const read = readSettings(dataDir);
  if (!read.ok) return read;
  return writeSettings(dataDir, { alwaysAllow: [...(read.values.alwaysAllow ?? []), entry] });
}
