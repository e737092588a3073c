import { NoticeHub } from './notices';
import { interruptedRuns, listRuns, pendingRequests, roundContext, runEvents } from './read-calls';
import { RunCalls } from './run-calls';
import { detectLocalServers, saveSettings, settingsView, testConnection } from './settings-calls';
import type { HandlerDeps, HermesHandlers, HermesService } from './types';

/**
 * Every call of the contract against this process's runtime and run manager, and the notices the
 * window follows. Transport-free: Electron IPC and the HTTP server both serve these same handlers.
 */
export function createHandlers(deps: HandlerDeps): HermesService {
  const { runtime, manager } = deps;
  const hub = new NoticeHub(runtime.store, deps.pollMs);
  const runs = new RunCalls(deps, hub);
  const handlers: HermesHandlers = {
    listRuns: async (request) => listRuns(runtime, request),
    getRunEvents: async ({ runId, afterSeq }) => runEvents(runtime, runId, afterSeq),
    getRoundContext: async ({ runId, round }) => roundContext(runtime, runId, round),
    pendingRequests: async () => pendingRequests(runtime),
    interruptedRuns: async () => interruptedRuns(runtime, manager),
    startRun: async ({ task, parentRunId }) => runs.start(task, parentRunId),
    startDemo: async () => runs.demo(),
    answer: async ({ runId, text }) => runs.proceed(runId, { kind: 'answer', text }),
    approve: async ({ runId, editedArguments, scope }) =>
      runs.proceed(runId, {
        kind: 'approve',
        ...(editedArguments ? { editedArguments } : {}),
        ...(scope ? { scope } : {}),
      }),
    deny: async ({ runId, reason }) => runs.proceed(runId, { kind: 'deny', ...(reason ? { reason } : {}) }),
    resume: async ({ runId }) => runs.proceed(runId, { kind: 'resume' }),
    cancel: ({ runId }) => runs.cancel(runId),
    getSettings: async () => settingsView(deps),
    saveSettings: async (request) => saveSettings(deps, request),
    testConnection: (request) => testConnection(deps, request),
    detectLocalServers: () => detectLocalServers(),
  };
  return {
    handlers,
    subscribe: (listener) => hub.subscribe(listener),
    close: () => hub.close(),
  };
}
