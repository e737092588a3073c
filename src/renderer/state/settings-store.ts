import { create } from 'zustand';
import type { HermesApi, SettingsView } from '../../shared/api';
import { messageOf } from '../api/errors';

interface SettingsState {
  settings: SettingsView | undefined;
  error: string | undefined;
}

export const useSettings = create<SettingsState>()(() => ({ settings: undefined, error: undefined }));

export async function loadSettings(api: HermesApi): Promise<void> {
  try {
    useSettings.setState({ settings: await api.getSettings({}), error: undefined });
  } catch (error) {
    useSettings.setState({ error: `Settings could not be loaded: ${messageOf(error)}` });
  }
}
