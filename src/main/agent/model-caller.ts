import type { EventPayloads } from '../../shared/events';
import type { ModelClient, ModelRequest, ModelResult } from '../models/types';
import { isRetryable } from '../models/types';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * Asks the model, retrying what may pass (429 honouring Retry-After, 5xx, timeouts, dropped
 * connections) with exponential backoff; each retry is reported so it lands in the log.
 */
export async function callModelWithRetry(
  model: ModelClient,
  request: ModelRequest,
  options: {
    round: number;
    policy: RetryPolicy;
    onRetry: (retry: EventPayloads['model.retry']) => void;
  },
): Promise<ModelResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await model.complete(request);
    if (result.ok || !isRetryable(result.failure.kind) || attempt >= options.policy.maxAttempts)
      return result;
    const backoff = Math.min(options.policy.maxDelayMs, options.policy.baseDelayMs * 2 ** (attempt - 1));
    const delayMs = Math.round(
      result.failure.retryAfterMs !== undefined
        ? Math.min(options.policy.maxDelayMs, result.failure.retryAfterMs)
        : backoff * (0.75 + Math.random() * 0.5),
    );
    options.onRetry({
      round: options.round,
      attempt,
      error: result.failure.message,
      ...(result.failure.status !== undefined ? { status: result.failure.status } : {}),
      delayMs,
    });
    if (!(await sleep(delayMs, request.signal))) {
      return { ok: false, failure: { kind: 'cancelled', message: 'cancelled while waiting to retry' } };
    }
  }
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
