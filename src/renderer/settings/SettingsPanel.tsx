import { useState } from 'react';
import type { SettingsView } from '../../shared/api';
import { messageOf } from '../api/errors';
import { Modal } from '../dialogs/Modal';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';
import { loadSettings, useSettings } from '../state/settings-store';
import { setSettingsOpen, useView } from '../state/view-store';
import { ConnectionTools } from './ConnectionTools';

type Policy = SettingsView['tools'][number]['policy'];

/** Provider, model, key, approval policy per tool, and where the data lives. */
export function SettingsPanel() {
  const open = useView((state) => state.settingsOpen);
  const settings = useSettings((state) => state.settings);
  const loadError = useSettings((state) => state.error);
  if (!open) return null;
  const close = () => setSettingsOpen(false);
  return (
    <Modal title="Settings" onClose={close} className="settings">
      {settings ? (
        <SettingsForm settings={settings} onClose={close} />
      ) : (
        <p className={loadError ? 'form-error' : 'field-hint'} role={loadError ? 'alert' : 'status'}>
          {loadError ?? 'Loading settings…'}
        </p>
      )}
    </Modal>
  );
}

function SettingsForm({ settings, onClose }: { settings: SettingsView; onClose: () => void }) {
  const api = useApi();
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [model, setModel] = useState(settings.model);
  const [apiKey, setApiKey] = useState('');
  const [policies, setPolicies] = useState<Record<string, Policy>>(
    Object.fromEntries(settings.tools.map((tool) => [tool.name, tool.policy])),
  );
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function save(): Promise<void> {
    setSaving(true);
    setError(undefined);
    const changedPolicies = Object.fromEntries(
      settings.tools
        .filter((tool) => policies[tool.name] !== tool.policy)
        .map((tool) => [tool.name, policies[tool.name]]),
    ) as Record<string, Policy>;
    try {
      const result = await api.saveSettings({
        ...(baseUrl !== settings.baseUrl ? { baseUrl } : {}),
        ...(model !== settings.model ? { model } : {}),
        ...(apiKey ? { apiKey } : {}),
        ...(Object.keys(changedPolicies).length > 0 ? { toolPolicies: changedPolicies } : {}),
      });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      await loadSettings(api);
      onClose();
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>Model provider</legend>
        <label className="field">
          <span>Base URL</span>
          <input
            type="url"
            data-autofocus
            value={baseUrl}
            placeholder="http://127.0.0.1:11434/v1"
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Model</span>
          <input
            type="text"
            value={model}
            placeholder="qwen2.5:7b"
            onChange={(event) => setModel(event.target.value)}
          />
        </label>
        {settings.canStoreApiKey ? (
          <label className="field">
            <span>API key</span>
            <input
              type="password"
              autoComplete="off"
              value={apiKey}
              placeholder={settings.hasApiKey ? 'A key is saved; type to replace it' : 'Not set'}
              onChange={(event) => setApiKey(event.target.value)}
            />
            <span className="field-hint">Kept in the system keychain; it is never shown again.</span>
          </label>
        ) : (
          <p className="field-hint">
            API key: {settings.hasApiKey ? 'taken from the environment' : 'none'} (
            <span className="mono">{settings.apiKeyEnv}</span>). Keys can be typed here only in the desktop
            app.
          </p>
        )}
        <ConnectionTools
          baseUrl={baseUrl}
          model={model}
          onUse={(url, name) => {
            setBaseUrl(url);
            setModel(name);
          }}
        />
      </fieldset>
      <fieldset>
        <legend>Approval per tool</legend>
        <table className="policies">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Risk</th>
              <th scope="col">Policy</th>
            </tr>
          </thead>
          <tbody>
            {settings.tools.map((tool) => (
              <tr key={tool.name}>
                <th scope="row" className="mono" title={tool.description}>
                  {tool.name}
                </th>
                <td>
                  <span className={`risk risk-${tool.risk}`}>{tool.risk}</span>
                </td>
                <td>
                  <select
                    aria-label={`Policy for ${tool.name}`}
                    value={policies[tool.name] ?? tool.policy}
                    onChange={(event) =>
                      setPolicies({ ...policies, [tool.name]: event.target.value as Policy })
                    }
                  >
                    <option value="allow">allow</option>
                    <option value="ask">ask first</option>
                    <option value="deny">deny</option>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <fieldset>
        <legend>Data folder</legend>
        <input type="text" readOnly aria-label="Data folder" className="mono" value={settings.dataDir} />
      </fieldset>
      <FormError message={error} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
