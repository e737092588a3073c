import { useState } from 'react';
import type { LocalServer } from '../../shared/api';
import { messageOf } from '../api/errors';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';

type Outcome = { ok: boolean; text: string } | undefined;

/** "Test connection" and "Detect local servers" (Ollama, LM Studio), for the provider fields above. */
export function ConnectionTools({
  baseUrl,
  model,
  onUse,
}: {
  baseUrl: string;
  model: string;
  onUse: (baseUrl: string, model: string) => void;
}) {
  const api = useApi();
  const [test, setTest] = useState<Outcome>();
  const [testing, setTesting] = useState(false);
  const [servers, setServers] = useState<LocalServer[]>();
  const [detecting, setDetecting] = useState(false);
  const [detectError, setDetectError] = useState<string>();

  async function testConnection(): Promise<void> {
    setTesting(true);
    setTest(undefined);
    try {
      const result = await api.testConnection(model ? { baseUrl, model } : { baseUrl });
      setTest(result.ok ? { ok: true, text: result.message } : { ok: false, text: result.error });
    } catch (error) {
      setTest({ ok: false, text: messageOf(error) });
    } finally {
      setTesting(false);
    }
  }

  async function detect(): Promise<void> {
    setDetecting(true);
    setDetectError(undefined);
    try {
      setServers(await api.detectLocalServers({}));
    } catch (error) {
      setDetectError(messageOf(error));
    } finally {
      setDetecting(false);
    }
  }

  return (
    <div className="connection-tools">
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={testing || !baseUrl}
          onClick={() => void testConnection()}
        >
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button" disabled={detecting} onClick={() => void detect()}>
          {detecting ? 'Looking…' : 'Detect local servers'}
        </button>
      </div>
      {test && (
        <p className={test.ok ? 'form-ok' : 'form-error'} role={test.ok ? 'status' : 'alert'}>
          {test.text}
        </p>
      )}
      <FormError message={detectError} />
      {servers && servers.length === 0 && (
        <p className="field-hint" role="status">
          No local server answered on the usual ports (Ollama 11434, LM Studio 1234).
        </p>
      )}
      {servers && servers.length > 0 && (
        <ul className="servers" aria-label="Local servers found">
          {servers.map((server) => (
            <li key={server.baseUrl}>
              <span>
                <strong>{server.name}</strong> <span className="mono">{server.baseUrl}</span>
                <span className="field-hint"> · {server.models.length} models</span>
              </span>
              <button
                type="button"
                className="button small"
                onClick={() => onUse(server.baseUrl, server.models[0] ?? model)}
              >
                Use
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
