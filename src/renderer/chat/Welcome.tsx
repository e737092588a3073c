import { useState } from 'react';
import { messageOf } from '../api/errors';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';
import { followRun } from '../state/events-store';
import { loadRuns } from '../state/runs-store';
import { useSettings } from '../state/settings-store';
import { openRun, setSettingsOpen } from '../state/view-store';

/** What an empty window says: how to set a model up, and the demo (a recording) to try at once. */
export function Welcome() {
  const api = useApi();
  const configured = useSettings((state) => state.settings?.configured);
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);

  async function tryDemo(): Promise<void> {
    setStarting(true);
    setError(undefined);
    try {
      const result = await api.startDemo({});
      if (result.ok) {
        followRun(api, result.runId);
        openRun(result.runId);
        void loadRuns(api);
      } else setError(result.error);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="welcome">
      <h2>{configured === false ? 'Set up a model to start' : 'Start a task'}</h2>
      {configured === false ? (
        <p>
          Hermes Studio talks to any OpenAI-compatible endpoint: OpenAI, or a local server such as Ollama or
          LM Studio. In <strong>Settings</strong>, set the provider's base URL and the model name (and an API
          key if the provider needs one), then type a task below.
        </p>
      ) : (
        <p>Type a task below. Each step the agent takes appears here and in the run graph.</p>
      )}
      <div className="welcome-actions">
        {configured === false && (
          <button type="button" className="button primary" onClick={() => setSettingsOpen(true)}>
            Open settings
          </button>
        )}
        <button type="button" className="button" disabled={starting} onClick={() => void tryDemo()}>
          {starting ? 'Starting the demo…' : 'Try the demo'}
        </button>
      </div>
      <p className="field-hint">
        The demo replays a recorded model answering a sales question with the real demo tools. It is a
        recording: no model is called.
      </p>
      <FormError message={error} />
    </div>
  );
}
