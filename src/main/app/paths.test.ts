import { describe, expect, it } from 'vitest';
import { appPaths } from './paths';

describe('appPaths', () => {
  it('prefers HERMES_DATA_DIR and uses the Electron binding only when it exists', () => {
    const paths = appPaths({ HERMES_DATA_DIR: '/data/h' }, '/home/u/.config/hermes', '/app', () => false);
    expect(paths).toEqual({
      dataDir: '/data/h',
      databaseFile: '/data/h/hermes.db',
      nativeBinding: undefined,
    });
    const fallback = appPaths({}, '/home/u/.config/hermes', '/app', () => true);
    expect(fallback.databaseFile).toBe('/home/u/.config/hermes/hermes.db');
    expect(fallback.nativeBinding).toBe(
      '/app/node_modules/.cache/hermes-electron-sqlite/better_sqlite3.node',
    );
  });
});
