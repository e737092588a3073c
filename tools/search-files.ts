import { z } from 'zod';
import { defineTool } from '../src/main/tools/types';

const MAX_MATCHES = 200;

export const searchFilesTool = defineTool({
  name: 'search_files',
  description: `Search text files in the workspace line by line. Returns up to ${MAX_MATCHES} matches as "file:line:text". Skips binary files, .git and node_modules.`,
  parameters: z.object({
    pattern: z
      .string()
      .min(1)
      .describe(
        'Text to find (case-sensitive), or a regular expression written as /regex/flags, e.g. /todo|fixme/i',
      ),
    path: z.string().optional().describe("Folder or file to search, relative to the workspace (default '.')"),
    glob: z
      .string()
      .optional()
      .describe("Only search files matching this glob, e.g. '*.md' (file name) or 'src/**/*.ts' (path)"),
  }),
  risk: 'read',
  timeoutMs: 30_000,
  idempotent: true,
  async execute({ pattern, path, glob }, { workspace }) {
    const result = await workspace.search(pattern, {
      maxMatches: MAX_MATCHES,
      ...(path === undefined ? {} : { path }),
      ...(glob === undefined ? {} : { glob }),
    });
    return {
      matches: result.matches,
      match_count: result.matches.length,
      files_searched: result.filesSearched,
      truncated: result.truncated,
    };
  },
});
