import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

export const writeFileTool = defineTool({
  name: 'write_file',
  description:
    "Write a text file in the workspace, creating missing folders. Mode 'create' (default) fails if the file exists; 'append' adds to the end; 'overwrite' replaces it.",
  parameters: z.object({
    path: z.string().describe('File path relative to the workspace, e.g. reports/summary.md'),
    content: z.string().describe('The text to write (UTF-8)'),
    mode: z
      .enum(['create', 'append', 'overwrite'])
      .default('create')
      .describe("'create' a new file (default), 'append' to it, or 'overwrite' it"),
  }),
  risk: 'write',
  timeoutMs: 15_000,
  idempotent: false,
  async execute({ path, content, mode }, { workspace }) {
    const written = await workspace.writeText(path, content, mode);
    return { path: written.path, bytes_written: written.bytesWritten, created: written.created, mode };
  },
});
