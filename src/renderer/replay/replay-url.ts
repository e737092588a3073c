/** The run and replay step a page address names. */
export interface ReplayLocation {
  runId?: string;
  step?: number;
}

const MAX_RUN_ID = 200;

/**
 * Reads `run` and `step` from an address's parameters (`#run=…&step=…`, or `?…`). A step that is not
 * a positive whole number is ignored: the address is typed or pasted by people.
 */
export function readReplayLocation(params: string): ReplayLocation {
  const query = new URLSearchParams(params.replace(/^[#?]/, ''));
  const runId = query.get('run') ?? '';
  const stepText = query.get('step') ?? '';
  const step = /^[1-9]\d{0,9}$/.test(stepText) ? Number(stepText) : undefined;
  const location: ReplayLocation = {};
  if (runId && runId.length <= MAX_RUN_ID) location.runId = runId;
  if (location.runId && step !== undefined) location.step = step;
  return location;
}

/**
 * The same parameters with `run` and `step` set to `location` (removed where it has none), other
 * parameters kept; with the leading `#` or `?` of the input, or '' when nothing is left.
 */
export function writeReplayLocation(params: string, location: ReplayLocation): string {
  const prefix = params.startsWith('?') ? '?' : '#';
  const query = new URLSearchParams(params.replace(/^[#?]/, ''));
  if (location.runId) query.set('run', location.runId);
  else query.delete('run');
  if (location.runId && location.step !== undefined) query.set('step', String(location.step));
  else query.delete('step');
  const text = query.toString();
  return text ? `${prefix}${text}` : '';
}
