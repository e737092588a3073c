import { safeStorage } from 'electron';
import { encryptedFileSecretStore, NO_SECRET_STORE, type SecretStore } from '../runs/secrets';

/**
 * The API key, encrypted with the OS keychain (Electron safeStorage) in the data folder. Where the OS
 * offers no real encryption (Linux without a keyring falls back to a fixed password), keys are not kept.
 */
export function safeStorageSecrets(dataDir: string): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) return NO_SECRET_STORE;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return NO_SECRET_STORE;
  }
  return encryptedFileSecretStore(dataDir, {
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  });
}
