import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the window's page comes from: the dev server in development, the built file otherwise. */
export type RendererLocation = { kind: 'dev'; url: string } | { kind: 'file'; path: string };

/** The dev server when electron-vite runs one (it sets ELECTRON_RENDERER_URL), else the built page. */
export function rendererLocation(
  devServerUrl: string | undefined,
  isPackaged: boolean,
  mainDir: string,
): RendererLocation {
  if (devServerUrl && !isPackaged) return { kind: 'dev', url: devServerUrl };
  return { kind: 'file', path: path.join(mainDir, '..', 'renderer', 'index.html') };
}

/** Whether a URL is the app's own page (any hash or query), i.e. a page allowed to use the API. */
export function isOwnPage(location: RendererLocation, url: string): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  if (location.kind === 'dev') return parsed.origin === new URL(location.url).origin;
  return parsed.protocol === 'file:' && path.resolve(fileURLToPath(parsed)) === path.resolve(location.path);
}

/** Links the app hands to the system browser: plain http(s), nothing else. */
export function isExternalLink(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== undefined && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
}

/** The parts of an Electron frame the sender check reads. */
export interface FrameIdentity {
  processId: number;
  routingId: number;
  url: string;
}

/**
 * An IPC message is trusted only from the main frame of our own window showing our own page: not from
 * a subframe, another window, or a page the window was somehow navigated to.
 */
export function isTrustedSender(
  senderFrame: FrameIdentity | null | undefined,
  windowMainFrame: FrameIdentity,
  location: RendererLocation,
): boolean {
  if (!senderFrame) return false;
  return (
    senderFrame.processId === windowMainFrame.processId &&
    senderFrame.routingId === windowMainFrame.routingId &&
    isOwnPage(location, senderFrame.url)
  );
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
