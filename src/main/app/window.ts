import path from 'node:path';
import { BrowserWindow, type Session, shell } from 'electron';
import { DEV_CSP } from './csp';
import { isExternalLink, isOwnPage, type RendererLocation } from './trust';

/** Opens the app's single window on its own page, with the renderer sandboxed and unable to navigate away. */
export function createMainWindow(location: RendererLocation, mainDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    title: 'Hermes Studio',
    show: false,
    webPreferences: {
      preload: path.join(mainDir, '..', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  guardSession(window.webContents.session, location);
  guardNavigation(window, location);
  window.once('ready-to-show', () => window.show());
  if (location.kind === 'dev') void window.loadURL(location.url);
  else void window.loadFile(location.path);
  return window;
}

function guardNavigation(window: BrowserWindow, location: RendererLocation): void {
  const contents = window.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(location, url)) return;
    event.preventDefault();
    if (isExternalLink(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnPage(location, url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function guardSession(session: Session, location: RendererLocation): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // In a build the policy arrives as a meta tag in index.html; the dev server's pages get it as a header.
  if (location.kind !== 'dev') return;
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DEV_CSP] },
    });
  });
}
