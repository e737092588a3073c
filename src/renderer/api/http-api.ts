import {
  HERMES_CALLS,
  type HermesApi,
  type HermesCallName,
  type HermesRequest,
  type HermesResponse,
  HTTP_CALL_PREFIX,
  HTTP_NOTICES,
} from '../../shared/api';
import type { ConnectedApi } from './connect';
import { reasonInBody } from './errors';
import { createNoticeStream } from './notice-stream';

/** The contract over `hermes-studio serve`: POST /api/call/<name> with JSON, notices over SSE. */
export function httpApi(origin: string, token: string | undefined): ConnectedApi {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const noticesUrl = new URL(HTTP_NOTICES, origin);
  // EventSource cannot send headers, so the token travels in the address for this one request.
  if (token) noticesUrl.searchParams.set('token', token);
  const notices = createNoticeStream(noticesUrl.href);

  async function call<K extends HermesCallName>(
    name: K,
    request: HermesRequest<K>,
  ): Promise<HermesResponse<K>> {
    let response: Response;
    try {
      response = await fetch(new URL(`${HTTP_CALL_PREFIX}${name}`, origin), {
        method: 'POST',
        headers,
        body: JSON.stringify(request ?? {}),
      });
    } catch {
      throw new Error(
        `Hermes Studio at ${origin} cannot be reached. Is \`hermes-studio serve\` still running?`,
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const reason = reasonInBody(body);
      if (response.status === 401 || response.status === 403) {
        throw new Error(
          reason ?? 'The server refused the request: open the address with its ?token=… again.',
        );
      }
      throw new Error(reason ?? `The server answered ${response.status} ${response.statusText} to ${name}.`);
    }
    return body as HermesResponse<K>;
  }

  const calls = Object.fromEntries(
    HERMES_CALLS.map((name) => [name, (request: HermesRequest<typeof name>) => call(name, request)]),
  );
  return {
    ...(calls as Omit<HermesApi, 'subscribe'>),
    subscribe: notices.subscribe,
    onConnection: notices.onConnection,
  };
}
