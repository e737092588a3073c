import { z } from 'zod';
import {
  APPROVAL_MODES,
  type ApprovalMode,
  type EventOf,
  type HermesEvent,
  type RunStatus,
  type RunSummary,
} from './events';

const RUN_STATUSES = [
  'running',
  'paused',
  'succeeded',
  'failed',
  'cancelled',
] as const satisfies readonly RunStatus[];

/** A run status as the API accepts it. */
export const runStatusSchema = z.enum(RUN_STATUSES);

/** One row of the runs list, as the API returns it. */
export const runSummarySchema = z.object({
  runId: z.string(),
  task: z.string(),
  model: z.string(),
  status: runStatusSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  lastSeq: z.number().int(),
  parentRunId: z.string().optional(),
}) satisfies z.ZodType<RunSummary>;

/** A stored event. Only the envelope is checked here; the payload types live in ./events. */
export const hermesEventSchema = z.custom<HermesEvent>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HermesEvent).runId === 'string' &&
    typeof (value as HermesEvent).seq === 'number' &&
    typeof (value as HermesEvent).ts === 'number' &&
    typeof (value as HermesEvent).type === 'string',
  { message: 'not a Hermes event' },
);

/** What a call that changes something comes to: done, or why not, in words for the person. */
export type ActionResult = { ok: true } | { ok: false; error: string };
const actionResult = z.custom<ActionResult>();

/** A run that waits for a person, with what it asked. */
export interface PendingRequest {
  runId: string;
  task: string;
  request: EventOf<'human.requested'>;
}

/** A message of a past request, as the inspector shows it. */
export interface ContextMessage {
  role: string;
  content: string | null;
  toolCalls?: { id: string; name: string; arguments: string }[];
  toolCallId?: string;
  tokens: number;
}

/** Exactly what the model was sent in one round, rebuilt from the log, and what changed it. */
export interface RoundContext {
  round: number;
  mode: 'native' | 'json';
  messages: ContextMessage[];
  tools: string[];
  tokens: number;
  share: number;
  windowTokens: number;
  changes: EventOf<'context.updated'>[];
}

/** Settings as the window sees them: the API key itself never leaves the main side. */
export interface SettingsView {
  baseUrl: string;
  model: string;
  apiKeyEnv: string;
  /** Whether a key is available (saved in the OS keychain, or in the environment). */
  hasApiKey: boolean;
  /** Whether this side can keep a key the person types (Electron safeStorage); not in browser mode. */
  canStoreApiKey: boolean;
  temperature: number;
  maxRounds: number;
  contextTokens: number;
  approvals: ApprovalMode;
  dataDir: string;
  tools: { name: string; description: string; risk: string; policy: 'allow' | 'ask' | 'deny' }[];
  /** False until a model endpoint is configured: the window then offers the demo. */
  configured: boolean;
}

export interface LocalServer {
  name: string;
  baseUrl: string;
  models: string[];
}

const jsonObject = z.record(z.string(), z.unknown());
const runId = z.string().min(1).max(200);
const policy = z.enum(['allow', 'ask', 'deny']);

/**
 * Every call the UI can make (DESIGN.md §2): name → request and response schemas. The same contract is
 * served over Electron IPC, HTTP and in-process; servers parse every request with `request`, because the
 * caller is untrusted.
 */
export const hermesContract = {
  listRuns: {
    request: z.strictObject({
      status: runStatusSchema.optional(),
      search: z.string().max(1_000).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }),
    response: z.array(runSummarySchema),
  },
  getRunEvents: {
    request: z.strictObject({ runId, afterSeq: z.number().int().min(0).optional() }),
    response: z.array(hermesEventSchema),
  },
  getRoundContext: {
    request: z.strictObject({ runId, round: z.number().int().min(1) }),
    response: z.custom<RoundContext | { error: string }>(),
  },
  pendingRequests: {
    request: z.strictObject({}),
    response: z.custom<PendingRequest[]>(),
  },
  interruptedRuns: {
    request: z.strictObject({}),
    response: z.custom<RunSummary[]>(),
  },
  startRun: {
    request: z.strictObject({
      task: z.string().trim().min(1).max(100_000),
      /** The run this one follows up (a chat's earlier turn). */
      parentRunId: runId.optional(),
    }),
    response: z.custom<{ ok: true; runId: string } | { ok: false; error: string }>(),
  },
  startDemo: {
    request: z.strictObject({}),
    response: z.custom<{ ok: true; runId: string } | { ok: false; error: string }>(),
  },
  answer: {
    request: z.strictObject({ runId, text: z.string().max(100_000) }),
    response: actionResult,
  },
  approve: {
    request: z.strictObject({
      runId,
      editedArguments: jsonObject.optional(),
      scope: z.enum(['once', 'run', 'always']).optional(),
    }),
    response: actionResult,
  },
  deny: {
    request: z.strictObject({ runId, reason: z.string().max(10_000).optional() }),
    response: actionResult,
  },
  resume: { request: z.strictObject({ runId }), response: actionResult },
  cancel: { request: z.strictObject({ runId }), response: actionResult },
  getSettings: { request: z.strictObject({}), response: z.custom<SettingsView>() },
  saveSettings: {
    request: z.strictObject({
      baseUrl: z.url({ protocol: /^https?$/ }).optional(),
      model: z.string().min(1).max(200).optional(),
      /** Kept with the OS keychain (Electron safeStorage); refused where that is not available. */
      apiKey: z.string().max(1_000).optional(),
      maxRounds: z.number().int().min(1).max(1_000).optional(),
      contextTokens: z.number().int().min(1_000).max(10_000_000).optional(),
      approvals: z.enum(APPROVAL_MODES).optional(),
      toolPolicies: z.record(z.string().max(100), policy).optional(),
    }),
    response: actionResult,
  },
  testConnection: {
    request: z.strictObject({
      baseUrl: z.url({ protocol: /^https?$/ }),
      model: z.string().max(200).optional(),
    }),
    response: z.custom<{ ok: true; models: string[]; message: string } | { ok: false; error: string }>(),
  },
  detectLocalServers: { request: z.strictObject({}), response: z.custom<LocalServer[]>() },
} as const;

/** The name of one call of the contract. */
export type HermesCallName = keyof typeof hermesContract;

/** What a caller passes to a call. */
export type HermesRequest<K extends HermesCallName> = z.input<(typeof hermesContract)[K]['request']>;

/** A request after the server has parsed it. */
export type HermesParsedRequest<K extends HermesCallName> = z.output<(typeof hermesContract)[K]['request']>;

/** What a call resolves to. */
export type HermesResponse<K extends HermesCallName> = z.output<(typeof hermesContract)[K]['response']>;

/**
 * What the window is told as it happens: every committed event of every run, and the model's text
 * as it streams (not stored; the event log gets the whole reply).
 */
export type HermesNotice =
  | { kind: 'event'; event: HermesEvent }
  | { kind: 'text'; runId: string; delta: string };

/** The API the renderer talks to, whatever the transport (preload bridge, HTTP + SSE, in-process). */
export type HermesApi = {
  [K in HermesCallName]: (request: HermesRequest<K>) => Promise<HermesResponse<K>>;
} & {
  /** Follows notices until the returned function is called. */
  subscribe(listener: (notice: HermesNotice) => void): () => void;
};

/** The call names, in contract order. */
export const HERMES_CALLS = Object.keys(hermesContract) as HermesCallName[];

/** The IPC channel a call travels on; main handles only channels with this prefix. */
export function ipcChannel(name: HermesCallName): string {
  return `hermes:${name}`;
}

/** The one channel main pushes notices on. */
export const NOTICE_CHANNEL = 'hermes:notice';

/** HTTP routes of the same contract: POST /api/call/<name> with the request as JSON; GET /api/notices (SSE). */
export const HTTP_CALL_PREFIX = '/api/call/';
export const HTTP_NOTICES = '/api/notices';
