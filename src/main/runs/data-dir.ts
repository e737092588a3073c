import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where runs live when nothing says otherwise: the same folder Electron's `userData` gives the desktop
 * app (named after package.json's "name"), so the CLI and the app see the same runs.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'hermes-studio');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'hermes-studio');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'hermes-studio');
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'hermes.db');
}

export function workspaceDir(dataDir: string, runId: string): string {
  return join(dataDir, 'workspaces', runId);
}
