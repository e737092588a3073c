import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { toRelative } from './workspace-paths';

export type EntryType = 'file' | 'dir' | 'symlink' | 'other';

/** One thing found in the workspace; `path` is workspace-relative with forward slashes. */
export interface WalkEntry {
  path: string;
  type: EntryType;
  size: number;
  mtimeMs: number;
}

export interface WalkOptions {
  recursive: boolean;
  limit: number;
  /** Folder names not descended into (they are still listed). */
  skipDirs?: ReadonlySet<string>;
}

function typeOf(entry: Dirent): EntryType {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  return 'other';
}

/**
 * Breadth-first listing under `startDir` (a real path inside the workspace), sorted by name per folder.
 * Symbolic links are reported but never followed, so a link pointing out cannot widen the walk.
 */
export async function walk(
  realRoot: string,
  startDir: string,
  options: WalkOptions,
): Promise<{ entries: WalkEntry[]; truncated: boolean }> {
  const entries: WalkEntry[] = [];
  const queue = [startDir];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    let children: Dirent[];
    try {
      children = await readdir(dir, { withFileTypes: true });
    } catch {
      continue; // vanished or unreadable while walking: nothing to report there
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      if (entries.length >= options.limit) return { entries, truncated: true };
      const absolute = path.join(dir, child.name);
      const type = typeOf(child);
      const info = await lstat(absolute).catch(() => null);
      if (info === null) continue;
      entries.push({ path: toRelative(realRoot, absolute), type, size: info.size, mtimeMs: info.mtimeMs });
      if (type === 'dir' && options.recursive && !options.skipDirs?.has(child.name)) queue.push(absolute);
    }
  }
  return { entries, truncated: false };
}

/** File and link states keyed by relative path; compared before and after a command. */
export type Snapshot = Map<string, string>;

export async function snapshot(
  realRoot: string,
  limit: number,
  skipDirs: ReadonlySet<string>,
): Promise<Snapshot> {
  const { entries } = await walk(realRoot, realRoot, { recursive: true, limit, skipDirs });
  const state: Snapshot = new Map();
  for (const entry of entries) {
    if (entry.type !== 'dir') state.set(entry.path, `${entry.type}:${entry.size}:${entry.mtimeMs}`);
  }
  return state;
}

/** Paths created, changed or deleted between two snapshots, sorted. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const changed = new Set<string>();
  for (const [file, state] of after) if (before.get(file) !== state) changed.add(file);
  for (const file of before.keys()) if (!after.has(file)) changed.add(file);
  return [...changed].sort();
}

function globBody(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '{' && glob.indexOf('}', i) > i) {
      const end = glob.indexOf('}', i);
      out += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(globBody)
        .join('|')})`;
      i = end;
    } else {
      out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return out;
}

/**
 * A matcher for `*`, `**`, `?` and `{a,b}` globs. A glob without a slash matches the file name anywhere
 * (`*.md`); one with a slash matches the whole workspace-relative path (`src/**\/*.ts`).
 */
export function globMatcher(glob: string): (relativePath: string) => boolean {
  const pattern = new RegExp(`^${globBody(glob)}$`);
  if (glob.includes('/')) return (relativePath) => pattern.test(relativePath);
  return (relativePath) => pattern.test(path.posix.basename(relativePath));
}
