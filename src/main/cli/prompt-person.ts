import type { EventOf } from '../../shared/events';
import type { Continuation } from '../runs/run-manager';
import type { CliIo } from './io';

/** Asks the person at the terminal what the paused run needs: an answer, or a decision on a tool call. */
export async function askPerson(request: EventOf<'human.requested'>, io: CliIo): Promise<Continuation> {
  if (request.kind === 'question') {
    const text = await io.prompt(`\nThe agent asks: ${request.question ?? ''}\n> `);
    return { kind: 'answer', text };
  }
  const call = request.toolCall;
  io.error(
    `\n${call?.name ?? 'a tool'} wants to run (${call?.risk ?? '?'} risk; ${request.question ?? 'needs approval'}):`,
  );
  io.error(`  ${JSON.stringify(call?.arguments ?? {})}`);
  for (;;) {
    const choice = (
      await io.prompt('Approve? [y]es, [n]o, [e]dit the arguments, [a]llow this tool for the whole run: ')
    )
      .trim()
      .toLowerCase();
    if (choice === 'y' || choice === 'yes') return { kind: 'approve' };
    if (choice === 'a') return { kind: 'approve', scope: 'run' };
    if (choice === 'n' || choice === 'no') {
      const reason = (await io.prompt('Reason, for the agent (optional): ')).trim();
      return { kind: 'deny', ...(reason ? { reason } : {}) };
    }
    if (choice === 'e') {
      const edited = await io.prompt('Arguments as JSON: ');
      try {
        const parsed = JSON.parse(edited) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          return { kind: 'approve', editedArguments: parsed as Record<string, unknown> };
        }
        io.error('the arguments must be a JSON object, e.g. {"command": "ls"}');
      } catch (error) {
        io.error(`that is not JSON: ${(error as Error).message}`);
      }
    }
  }
}
