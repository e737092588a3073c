import { randomBytes } from 'node:crypto';

/** Run ids sort by creation time and are short enough to type: `r` + base36 millis + 6 hex. */
export function newRunId(now = Date.now()): string {
  return `r${now.toString(36)}${randomBytes(3).toString('hex')}`;
}
