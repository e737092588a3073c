import { parseArgs } from 'node:util';
import { debugParse } from '../agent/parser/debug-parse';
import { eventsCommand, runsCommand, showCommand } from './inspect-commands';
import { type CliIo, EXIT, processIo } from './io';
import { cancelCommand, continueCommand, runCommand } from './run-command';
import { serveCommand } from './serve-command';

const USAGE = `Usage: hermes-studio <command> [options]

Commands:
  run "<task>"        run a task, printing its events as they happen
  answer <runId> "<text>"      answer the run's pending question and continue it
  approve <runId> [--args JSON] [--for-run | --always]
                      approve the pending tool call (optionally with edited arguments) and continue
  deny <runId> [--reason T]    refuse the pending tool call; the model is told why
  resume <runId>      continue a run that was interrupted (crash, kill, closed window)
  cancel <runId>      stop a running or paused run
  runs                list runs, newest first
  show <runId>        a run's report: status, rounds, duration, tokens, tool calls
  events <runId>      a run's stored events (--json: NDJSON, large outputs in full)
  debug parse         read assistant messages ({content, tool_calls}) on stdin and print
                      the decisions parsed from each (--ndjson: one message per line)
  serve [--port P] [--host H]  the web UI and the HTTP + SSE API, on 127.0.0.1 unless --host says
                      otherwise (then every API request needs the printed token); --port 0 picks a free port

Options:
  --json                 NDJSON output (one event per line)
  --base-url URL         OpenAI-compatible endpoint (env LLM_BASE_URL, default OpenAI)
  --model NAME           model name (env LLM_MODEL_NAME)
  --api-key-env VAR      environment variable holding the API key (default LLM_API_KEY)
  --max-rounds N         round limit (env AGENT_MAX_ROUND, default 15)
  --context-tokens N     the model's context window (default: known for OpenAI models, else 16000)
  --approvals MODE       ask | auto | deny: what to do with tool calls that need approval
  --escalation MODE      ask | fail: at a round limit, a loop or a disabled tool, ask the person or
                         end the run (default: ask in a terminal, fail otherwise)
  --data-dir DIR         where runs live (env HERMES_DATA_DIR)
  --model-script FILE    play recorded replies instead of calling a model (demos, tests)

Exit codes: 0 succeeded, 1 failed, 2 usage or configuration error, 3 paused waiting for a person.`;

const OPTIONS = {
  json: { type: 'boolean' },
  ndjson: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  'max-rounds': { type: 'string' },
  'context-tokens': { type: 'string' },
  approvals: { type: 'string' },
  escalation: { type: 'string' },
  args: { type: 'string' },
  reason: { type: 'string' },
  'for-run': { type: 'boolean' },
  always: { type: 'boolean' },
  'data-dir': { type: 'string' },
  'model-script': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
} as const;

/** Runs one CLI invocation and returns its exit code. Never throws for bad input. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.error(`${(error as Error).message.split('\n')[0]}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    (command || values.help ? io.out : io.error)(USAGE);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const flags = {
    json: values.json ?? false,
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['api-key-env'] !== undefined ? { apiKeyEnv: values['api-key-env'] } : {}),
    ...(values['max-rounds'] !== undefined ? { maxRounds: values['max-rounds'] } : {}),
    ...(values['context-tokens'] !== undefined ? { contextTokens: values['context-tokens'] } : {}),
    ...(values.approvals !== undefined ? { approvals: values.approvals } : {}),
    ...(values.escalation !== undefined ? { escalation: values.escalation } : {}),
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values['model-script'] !== undefined ? { modelScript: values['model-script'] } : {}),
  };
  const needs = (count: number, what: string): boolean => {
    if (rest.length === count) return true;
    io.error(`${command} takes ${what}\n\n${USAGE}`);
    return false;
  };
  switch (command) {
    case 'run':
      return needs(1, 'one task in quotes') ? runCommand(rest[0] ?? '', flags, io) : EXIT.usage;
    case 'answer':
      return needs(2, 'a run id and the answer in quotes')
        ? continueCommand(rest[0] ?? '', { kind: 'answer', text: rest[1] ?? '' }, flags, io)
        : EXIT.usage;
    case 'approve': {
      if (!needs(1, 'a run id')) return EXIT.usage;
      const edited = parseEditedArguments(values.args, io);
      if (edited === null) return EXIT.usage;
      const scope = values.always ? 'always' : values['for-run'] ? 'run' : 'once';
      return continueCommand(
        rest[0] ?? '',
        { kind: 'approve', scope, ...(edited ? { editedArguments: edited } : {}) },
        flags,
        io,
      );
    }
    case 'deny':
      return needs(1, 'a run id')
        ? continueCommand(
            rest[0] ?? '',
            { kind: 'deny', ...(values.reason ? { reason: values.reason } : {}) },
            flags,
            io,
          )
        : EXIT.usage;
    case 'resume':
      return needs(1, 'a run id')
        ? continueCommand(rest[0] ?? '', { kind: 'resume' }, flags, io)
        : EXIT.usage;
    case 'cancel':
      return needs(1, 'a run id') ? cancelCommand(rest[0] ?? '', flags, io) : EXIT.usage;
    case 'runs':
      return needs(0, 'no arguments') ? runsCommand(flags, io) : EXIT.usage;
    case 'show':
      return needs(1, 'a run id') ? showCommand(rest[0] ?? '', flags, io) : EXIT.usage;
    case 'events':
      return needs(1, 'a run id') ? eventsCommand(rest[0] ?? '', flags, io) : EXIT.usage;
    case 'serve':
      return needs(0, 'no arguments (options: --port, --host, --data-dir)')
        ? serveCommand(
            {
              ...(values.port !== undefined ? { port: values.port } : {}),
              ...(values.host !== undefined ? { host: values.host } : {}),
              ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
            },
            io,
          )
        : EXIT.usage;
    case 'debug':
      if (rest[0] !== 'parse' || rest.length !== 1) {
        io.error(`debug takes one subcommand: parse\n\n${USAGE}`);
        return EXIT.usage;
      }
      for (const line of debugParse(await io.readStdin(), values.ndjson ?? false)) io.out(line);
      return EXIT.ok;
    default:
      io.error(`unknown command '${command}'\n\n${USAGE}`);
      return EXIT.usage;
  }
}

/** `--args` for approve: a JSON object, undefined when absent, null (after saying why) when unusable. */
function parseEditedArguments(
  text: string | undefined,
  io: CliIo,
): Record<string, unknown> | undefined | null {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    io.error(`--args is not JSON: ${(error as Error).message}`);
    return null;
  }
  io.error('--args must be a JSON object, e.g. --args \'{"command": "ls"}\'');
  return null;
}
