import { type BrowserWindow, ipcMain } from 'electron';
import { z } from 'zod';
import {
  HERMES_CALLS,
  type HermesCallName,
  hermesContract,
  ipcChannel,
  NOTICE_CHANNEL,
} from '../../shared/api';
import type { HermesService } from '../api/types';
import { isTrustedSender, type RendererLocation } from './trust';

/**
 * Serves the contract over IPC: one handler per call on its own `hermes:` channel, and every notice
 * pushed to the window on the one notice channel. Every request is checked for its sender and parsed
 * with the call's schema before it reaches the handlers. Returns a function that undoes all of it.
 */
export function serveApiOverIpc(
  window: BrowserWindow,
  location: RendererLocation,
  service: Pick<HermesService, 'handlers' | 'subscribe'>,
): () => void {
  for (const name of HERMES_CALLS) {
    ipcMain.handle(ipcChannel(name), (event, request: unknown) => {
      if (
        window.isDestroyed() ||
        !isTrustedSender(event.senderFrame, window.webContents.mainFrame, location)
      ) {
        throw new Error(`hermes: ${name} refused: the request did not come from the Hermes Studio window`);
      }
      return dispatch(name, request, service.handlers);
    });
  }
  const unsubscribe = service.subscribe((notice) => {
    if (!window.isDestroyed()) window.webContents.send(NOTICE_CHANNEL, notice);
  });
  return () => {
    unsubscribe();
    for (const name of HERMES_CALLS) ipcMain.removeHandler(ipcChannel(name));
  };
}

function dispatch<K extends HermesCallName>(
  name: K,
  request: unknown,
  handlers: HermesService['handlers'],
): Promise<unknown> {
  const parsed = hermesContract[name].request.safeParse(request);
  if (!parsed.success) {
    throw new Error(`hermes: invalid ${name} request: ${z.prettifyError(parsed.error)}`);
  }
  const handler = handlers[name] as (request: unknown) => Promise<unknown>;
  return handler(parsed.data);
}
