import { z } from 'zod';
import type { HermesEvent, RunStatus, RunSummary } from './events';

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
    request: z.strictObject({ runId: z.string().min(1).max(200) }),
    response: z.array(hermesEventSchema),
  },
} as const;

/** The name of one call of the contract. */
export type HermesCallName = keyof typeof hermesContract;

/** What a caller passes to a call. */
export type HermesRequest<K extends HermesCallName> = z.input<(typeof hermesContract)[K]['request']>;

/** A request after the server has parsed it. */
export type HermesParsedRequest<K extends HermesCallName> = z.output<(typeof hermesContract)[K]['request']>;

/** What a call resolves to. */
export type HermesResponse<K extends HermesCallName> = z.output<(typeof hermesContract)[K]['response']>;

/** The API the renderer talks to, whatever the transport (preload bridge, HTTP, in-process). */
export type HermesApi = {
  [K in HermesCallName]: (request: HermesRequest<K>) => Promise<HermesResponse<K>>;
};

/** The call names, in contract order. */
export const HERMES_CALLS = Object.keys(hermesContract) as HermesCallName[];

/** The IPC channel a call travels on; main handles only channels with this prefix. */
export function ipcChannel(name: HermesCallName): string {
  return `hermes:${name}`;
}
