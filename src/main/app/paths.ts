import path from 'node:path';

/** Where the Electron-ABI build of better-sqlite3 lives, relative to the app root; scripts/start.mjs makes it. */
export const ELECTRON_SQLITE_BINDING = path.join(
  'node_modules',
  '.cache',
  'hermes-electron-sqlite',
  'better_sqlite3.node',
);

/** The files the app reads and writes. */
export interface AppPaths {
  dataDir: string;
  databaseFile: string;
  /** The Electron build of better-sqlite3, when it exists; otherwise the store uses its default. */
  nativeBinding: string | undefined;
}

/** HERMES_DATA_DIR wins over Electron's per-user folder, as for the CLI (DESIGN.md §7). */
export function appPaths(
  env: NodeJS.ProcessEnv,
  userDataDir: string,
  appRoot: string,
  exists: (file: string) => boolean,
): AppPaths {
  const dataDir = path.resolve(env.HERMES_DATA_DIR || userDataDir);
  const binding = path.join(appRoot, ELECTRON_SQLITE_BINDING);
  return {
    dataDir,
    databaseFile: path.join(dataDir, 'hermes.db'),
    nativeBinding: exists(binding) ? binding : undefined,
  };
}
