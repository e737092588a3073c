import { z } from 'zod';
import { recallSlice, recallText } from '../src/main/context/recall-slice';
import { defineTool } from '../src/main/tools/types';

export const recallTool = defineTool({
  name: 'recall',
  description:
    'Read again the full output of an earlier tool call of this run, when the context shows only its summary or a stub. Give the ref the summary named; read a range with offset/length, or the lines containing a text with search.',
  parameters: z.object({
    ref: z.string().min(1).describe('The call id the summary gave, e.g. call_r3_0'),
    offset: z.number().int().min(0).optional().describe('First character to return (default 0)'),
    length: z
      .number()
      .int()
      .min(1)
      .max(8000)
      .optional()
      .describe('How many characters to return (default and most 8000)'),
    search: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('Return the lines containing this text instead (case-insensitive)'),
  }),
  risk: 'read',
  timeoutMs: 15_000,
  idempotent: true,
  async execute({ ref, offset, length, search }, { archive }) {
    const output = archive.output(ref);
    if (output === undefined) {
      throw new Error(
        `no finished tool call with ref '${ref}' in this run; use the ref a summary or stub gave`,
      );
    }
    return recallSlice(recallText(output), { offset, length, search });
  },
});
