import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { globMatcher, walk } from './workspace-walk';

/** What a search found: `file:line:text` lines, in path order. */
export interface SearchResult {
  matches: string[];
  truncated: boolean;
  filesSearched: number;
}

export interface SearchOptions {
  glob?: string;
  maxMatches: number;
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_FILES_WALKED = 20_000;
const MAX_LINE_CHARS = 300;
const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** `/body/flags` is a regular expression; anything else is plain text matched as is. */
export function lineMatcher(pattern: string): (line: string) => boolean {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (regex === null) return (line) => line.includes(pattern);
  let compiled: RegExp;
  try {
    compiled = new RegExp(regex[1] as string, (regex[2] as string).replace(/[gy]/g, ''));
  } catch (error) {
    throw new Error(
      `${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  return (line) => compiled.test(line);
}

async function readTextFile(file: string): Promise<string | null> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => null,
  );
  if (handle === null) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return null;
    const bytes = await handle.readFile();
    // A NUL byte near the start means a binary file; its "lines" would only be noise.
    if (bytes.subarray(0, 8000).includes(0)) return null;
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Searches text files at or under `start` (a real path inside the workspace) line by line.
 * Links are not followed; binary and very large files are skipped.
 */
export async function searchFiles(
  realRoot: string,
  start: string,
  matches: (line: string) => boolean,
  options: SearchOptions,
): Promise<SearchResult> {
  const info = await stat(start);
  const relativeStart = path.relative(realRoot, start).split(path.sep).join('/');
  const files = info.isFile()
    ? [relativeStart]
    : (
        await walk(realRoot, start, { recursive: true, limit: MAX_FILES_WALKED, skipDirs: SKIPPED_DIRS })
      ).entries
        .filter((entry) => entry.type === 'file')
        .map((entry) => entry.path);
  const wanted = options.glob ? globMatcher(options.glob) : () => true;
  const found: string[] = [];
  let filesSearched = 0;
  for (const file of files) {
    if (!wanted(file)) continue;
    const text = await readTextFile(path.join(realRoot, file));
    if (text === null) continue;
    filesSearched++;
    const lines = text.split(/\r?\n/);
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as string;
      if (!matches(line)) continue;
      if (found.length >= options.maxMatches) return { matches: found, truncated: true, filesSearched };
      found.push(`${file}:${index + 1}:${line.trim().slice(0, MAX_LINE_CHARS)}`);
    }
  }
  return { matches: found, truncated: false, filesSearched };
}
