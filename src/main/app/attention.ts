import { type BrowserWindow, dialog, Notification } from 'electron';
import type { HermesService } from '../api/types';

/** Offers to resume the runs a crash or kill left running: one dialog, Resume or Not now. */
export async function offerToResume(window: BrowserWindow, service: HermesService): Promise<void> {
  const interrupted = await service.handlers.interruptedRuns({});
  if (interrupted.length === 0 || window.isDestroyed()) return;
  const list = interrupted.map((run) => `• ${shorten(run.task)}`).join('\n');
  const { response } = await dialog.showMessageBox(window, {
    type: 'question',
    title: 'Hermes Studio',
    message: `${interrupted.length === 1 ? 'A run was' : `${interrupted.length} runs were`} interrupted when the app last stopped.`,
    detail: `${list}\n\nResume ${interrupted.length === 1 ? 'it' : 'them'} where ${interrupted.length === 1 ? 'it' : 'they'} left off?`,
    buttons: ['Resume', 'Not now'],
    defaultId: 0,
    cancelId: 1,
  });
  if (response !== 0) return;
  const failures: string[] = [];
  for (const run of interrupted) {
    const result = await service.handlers.resume({ runId: run.runId });
    if (!result.ok) failures.push(result.error);
  }
  if (failures.length > 0 && !window.isDestroyed()) {
    void dialog.showMessageBox(window, {
      type: 'warning',
      message: 'Some runs could not be resumed.',
      detail: failures.join('\n'),
    });
  }
}

/** A system notification when a run waits for a person and the window is not in front of them. */
export function notifyWhenNeeded(window: BrowserWindow, service: HermesService): () => void {
  return service.subscribe((notice) => {
    if (notice.kind !== 'event' || notice.event.type !== 'human.requested') return;
    if (window.isDestroyed() || window.isFocused() || !Notification.isSupported()) return;
    const request = notice.event;
    const what =
      request.kind === 'approval'
        ? `approve ${request.toolCall?.name ?? 'a tool call'}`
        : 'answer a question';
    const note = new Notification({
      title: 'Hermes Studio: a run needs you',
      body: `Please ${what}${request.question ? `: ${shorten(request.question)}` : ''}`,
    });
    note.on('click', () => {
      if (window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.focus();
    });
    note.show();
  });
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
