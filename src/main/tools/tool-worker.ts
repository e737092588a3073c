import { parentPort } from 'node:worker_threads';
import { builtinTools } from '../../../tools/index';
import { readToolOutput } from '../store/archive-reader';
import { describeArgsError } from './args-error';
import type { HostMessage, WorkerMessage } from './tool-protocol';
import type { ToolDefinition } from './types';
import { Workspace } from './workspace';

// Runs one tool call at a time for the ToolHost, off the main thread.
const port = parentPort;
if (port === null) throw new Error('tool-worker must run as a worker thread');

const tools = new Map<string, ToolDefinition>(builtinTools.map((tool) => [tool.name, tool]));
let current: AbortController | undefined;

function post(message: WorkerMessage): void {
  port?.postMessage(message);
}

/** Tool output becomes plain JSON data: it must cross to the host and be stored in the event log as is. */
function toPlainData(output: unknown): unknown {
  if (output === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(output));
  } catch (error) {
    throw new Error(`the tool returned output that cannot be stored as JSON: ${(error as Error).message}`);
  }
}

async function execute(
  tool: ToolDefinition,
  message: Extract<HostMessage, { type: 'run' }>,
  workspace: Workspace,
) {
  const parsed = tool.parameters.safeParse(message.args, { reportInput: true });
  if (!parsed.success) throw new Error(describeArgsError(tool.name, parsed.error));
  const controller = new AbortController();
  current = controller;
  const output = await tool.execute(parsed.data, {
    runId: message.runId,
    callId: message.callId,
    signal: controller.signal,
    workspace,
    archive: {
      output: (callId) =>
        message.archive ? readToolOutput(message.archive, message.runId, callId) : undefined,
    },
  });
  return toPlainData(output);
}

async function run(message: Extract<HostMessage, { type: 'run' }>): Promise<void> {
  let workspace: Workspace | undefined;
  try {
    workspace = new Workspace(message.workspaceRoot, {
      onProcessSpawned: (pid) => post({ type: 'spawned', pid }),
      onProcessExited: (pid) => post({ type: 'exited', pid }),
    });
    const tool = tools.get(message.name);
    if (tool === undefined) throw new Error(`there is no tool named '${message.name}'`);
    const output = await execute(tool, message, workspace);
    post({ type: 'done', ok: true, output, changedFiles: workspace.changedFiles() });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    post({ type: 'done', ok: false, error: text, changedFiles: workspace?.changedFiles() ?? [] });
  } finally {
    current = undefined;
  }
}

port.on('message', (message: HostMessage) => {
  if (message.type === 'abort') current?.abort();
  else void run(message);
});
