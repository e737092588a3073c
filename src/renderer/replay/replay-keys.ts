/** What a key does to the replay: ←/→ one step, Home/End the first step and the run as it is now. */
export type ReplayKeyAction = 'back' | 'forward' | 'first' | 'last';

const ACTIONS: Record<string, ReplayKeyAction> = {
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  Home: 'first',
  End: 'last',
};

const BUTTON_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'color', 'file']);

/** The element a key went to, as far as deciding who handles it goes. */
export interface KeyTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Elements that use these keys themselves: text fields, selects, sliders (the timeline included). */
export function usesArrowKeys(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !BUTTON_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/** The replay action of a key press, or undefined when it is not the replay's to handle. */
export function replayKeyAction(
  key: string,
  modifiers: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
  target: KeyTarget | null,
): ReplayKeyAction | undefined {
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey || modifiers.shiftKey) return undefined;
  if (usesArrowKeys(target)) return undefined;
  return ACTIONS[key];
}
