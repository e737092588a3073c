import fs from 'node:fs';
import { app, dialog } from 'electron';
import { createHandlers } from '../api/handlers';
import { RunManager } from '../runs/run-manager';
import { Runtime } from '../runs/runtime';
import { notifyWhenNeeded, offerToResume } from './attention';
import { serveApiOverIpc } from './ipc';
import { appPaths } from './paths';
import { safeStorageSecrets } from './safe-storage-secrets';
import { rendererLocation } from './trust';
import { createMainWindow } from './window';

const mainDir = import.meta.dirname;

function openRuntime(): Runtime | undefined {
  const paths = appPaths(process.env, app.getPath('userData'), app.getAppPath(), fs.existsSync);
  try {
    return new Runtime(paths.dataDir, paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {});
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    dialog.showErrorBox('Hermes Studio', `Could not open ${paths.databaseFile}: ${reason}`);
    return undefined;
  }
}

function start(): void {
  const runtime = openRuntime();
  if (!runtime) {
    app.exit(1);
    return;
  }
  const service = createHandlers({
    runtime,
    manager: new RunManager(runtime),
    by: 'app',
    secrets: safeStorageSecrets(runtime.dataDir),
    env: process.env,
    cwd: process.cwd(),
    log: (line) => console.error(`hermes-studio: ${line}`),
  });
  const location = rendererLocation(process.env.ELECTRON_RENDERER_URL, app.isPackaged, mainDir);
  const window = createMainWindow(location, mainDir);
  const stopServing = serveApiOverIpc(window, location, service);
  const stopNotifying = notifyWhenNeeded(window, service);
  window.once('ready-to-show', () => void offerToResume(window, service));
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    stopNotifying();
    stopServing();
    service.close();
    // Runs under way are not cancelled: their log says running, and the next start offers to resume them.
    void runtime.close();
  });
}

// A second launch focuses the first window instead of opening the database a second time.
if (app.requestSingleInstanceLock()) {
  void app.whenReady().then(start);
} else {
  app.quit();
}
