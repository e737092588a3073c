/** How a chat follow-up's task begins: the earlier turns, a blank line, then the person's message. */
export const EARLIER_TURNS = 'Earlier in this conversation —';

/** The person's own message of a run's task, without the earlier turns a follow-up carries. */
export function ownMessage(task: string): string {
  if (!task.startsWith(`${EARLIER_TURNS}\n`)) return task;
  const blank = task.indexOf('\n\n');
  return blank === -1 ? task : task.slice(blank + 2);
}
