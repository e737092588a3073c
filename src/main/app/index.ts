import fs from 'node:fs';
import { app, dialog } from 'electron';
import { EventStore } from '../store/event-store';
import { storeHandlers } from './handlers';
import { serveApiOverIpc } from './ipc';
import { appPaths } from './paths';
import { rendererLocation } from './trust';
import { createMainWindow } from './window';

const mainDir = import.meta.dirname;

function openStore(): EventStore | undefined {
  const paths = appPaths(process.env, app.getPath('userData'), app.getAppPath(), fs.existsSync);
  try {
    fs.mkdirSync(paths.dataDir, { recursive: true });
    return EventStore.open(
      paths.databaseFile,
      paths.nativeBinding ? { nativeBinding: paths.nativeBinding } : {},
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    dialog.showErrorBox('Hermes Studio', `Could not open ${paths.databaseFile}: ${reason}`);
    return undefined;
  }
}

function start(): void {
  const store = openStore();
  if (!store) {
    app.exit(1);
    return;
  }
  const location = rendererLocation(process.env.ELECTRON_RENDERER_URL, app.isPackaged, mainDir);
  const window = createMainWindow(location, mainDir);
  const stopServing = serveApiOverIpc(window, location, storeHandlers(store));
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    stopServing();
    store.close();
  });
}

// A second launch focuses the first window instead of opening the database a second time.
if (app.requestSingleInstanceLock()) {
  void app.whenReady().then(start);
} else {
  app.quit();
}
