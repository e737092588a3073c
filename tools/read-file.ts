import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

const MAX_BYTES = 4 * 1024 * 1024;
const DEFAULT_LINES = 2000;

export const readFileTool = defineTool({
  name: 'read_file',
  description:
    'Read a text file from the workspace. Returns up to `limit` lines starting at line `offset`, with the total line count so you can read further.',
  parameters: z.object({
    path: z.string().describe('File path relative to the workspace, e.g. notes/todo.md'),
    offset: z.number().int().min(1).optional().describe('First line to return, counting from 1 (default 1)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe(`Most lines to return (default ${DEFAULT_LINES})`),
  }),
  risk: 'read',
  timeoutMs: 15_000,
  idempotent: true,
  async execute({ path, offset = 1, limit = DEFAULT_LINES }, { workspace }) {
    const file = await workspace.readText(path, { maxBytes: MAX_BYTES });
    const lines = file.text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    if (offset > Math.max(lines.length, 1)) {
      throw new Error(`offset ${offset} is past the end of ${path}, which has ${lines.length} lines`);
    }
    const shown = lines.slice(offset - 1, offset - 1 + limit);
    const endLine = offset - 1 + shown.length;
    return {
      path,
      content: shown.join('\n'),
      start_line: offset,
      end_line: endLine,
      total_lines: lines.length,
      more_lines: endLine < lines.length,
      ...(file.truncated ? { note: `only the first ${MAX_BYTES} of ${file.size} bytes were read` } : {}),
    };
  },
});
