import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

const LIMIT = 1000;

export const listFilesTool = defineTool({
  name: 'list_files',
  description: `List files and folders in the workspace (paths relative to the workspace, at most ${LIMIT}). Symbolic links are shown but not followed.`,
  parameters: z.object({
    path: z
      .string()
      .optional()
      .describe("Folder to list, relative to the workspace (default '.', the workspace itself)"),
    recursive: z.boolean().optional().describe('Also list everything inside sub-folders (default false)'),
  }),
  risk: 'read',
  timeoutMs: 15_000,
  idempotent: true,
  async execute({ path = '.', recursive = false }, { workspace }) {
    const listing = await workspace.list(path, { recursive, limit: LIMIT });
    return {
      entries: listing.entries.map((entry) =>
        entry.type === 'file'
          ? { path: entry.path, type: entry.type, size: entry.size }
          : { path: entry.path, type: entry.type },
      ),
      truncated: listing.truncated,
    };
  },
});
