import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where an API key the person typed is kept. Only the main side reads it; it never reaches a response. */
export interface SecretStore {
  /** Whether keys can be kept here at all (the desktop app with OS encryption; not `serve`). */
  readonly available: boolean;
  get(): string | undefined;
  /** Keeps `key`; an empty key forgets the one kept. */
  set(key: string): void;
}

/** Turns text into bytes only this user on this machine can turn back (Electron's safeStorage). */
export interface Cipher {
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

/** For processes that cannot keep a key: the key must come from their environment. */
export const NO_SECRET_STORE: SecretStore = {
  available: false,
  get: () => undefined,
  set: () => {
    throw new Error('this process cannot keep API keys');
  },
};

/** The key encrypted with `cipher` in `<data dir>/api-key.bin`, readable by its owner only. */
export function encryptedFileSecretStore(dataDir: string, cipher: Cipher): SecretStore {
  const file = join(dataDir, 'api-key.bin');
  return {
    available: true,
    get() {
      if (!existsSync(file)) return undefined;
      try {
        return cipher.decrypt(readFileSync(file)) || undefined;
      } catch {
        // A key encrypted for another user or machine cannot be read: as if none were kept.
        return undefined;
      }
    },
    set(key) {
      if (!key) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(dataDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, cipher.encrypt(key), { mode: 0o600 });
      renameSync(temporary, file);
    },
  };
}
