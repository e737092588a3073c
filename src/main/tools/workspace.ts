import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import {
  type CommandOptions,
  type CommandResult,
  type ProcessObserver,
  runShellCommand,
  scrubbedEnv,
} from './run-command';
import {
  resolveExisting,
  resolveExistingOrNull,
  resolveForWrite,
  SandboxError,
  toRelative,
} from './workspace-paths';
import { lineMatcher, type SearchResult, searchFiles } from './workspace-search';
import { diffSnapshots, type EntryType, snapshot, type WalkEntry, walk } from './workspace-walk';

export type { CommandResult, EntryType, SearchResult, WalkEntry };
export { SandboxError };

export type WriteMode = 'create' | 'append' | 'overwrite';

/** Text read from a workspace file; `truncated` when the file is longer than the byte limit. */
export interface ReadResult {
  text: string;
  size: number;
  truncated: boolean;
}

export interface WriteResult {
  path: string;
  bytesWritten: number;
  created: boolean;
}

export interface ListResult {
  entries: WalkEntry[];
  truncated: boolean;
}

export interface StatResult {
  type: EntryType;
  size: number;
  mtimeMs: number;
}

/** Folder inside the workspace used as TMPDIR for commands; its churn is not recorded as changes. */
const TMP_DIR = '.tmp';
const SNAPSHOT_LIMIT = 20_000;
const SNAPSHOT_SKIP: ReadonlySet<string> = new Set([TMP_DIR]);
const DEFAULT_READ_BYTES = 1024 * 1024;
// O_NONBLOCK so that opening a FIFO a command left behind cannot hang the call.
const NO_FOLLOW = constants.O_NOFOLLOW | constants.O_NONBLOCK;
const WRITE_FLAGS: Record<WriteMode, number> = {
  create: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
  append: constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW,
  overwrite: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW,
};

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * A run's workspace folder: the only way tools touch files (DESIGN.md §5). Every path is relative to the
 * workspace and must stay inside it after following links. Files changed through it are recorded.
 */
export class Workspace {
  readonly root: string;
  private realRootPromise: Promise<string> | undefined;
  private readonly changed = new Set<string>();

  constructor(
    root: string,
    private readonly observer: ProcessObserver = {},
  ) {
    if (!path.isAbsolute(root)) throw new Error(`workspace root must be an absolute path, got ${root}`);
    this.root = root;
  }

  /** The workspace's real path; the folder is created on first use. */
  realRoot(): Promise<string> {
    this.realRootPromise ??= mkdir(this.root, { recursive: true }).then(() => realpath(this.root));
    return this.realRootPromise;
  }

  /** The absolute real path `relativePath` stands for; it must exist unless `forWrite`. */
  async resolve(relativePath: string, options: { forWrite?: boolean } = {}): Promise<string> {
    const realRoot = await this.realRoot();
    return options.forWrite
      ? resolveForWrite(realRoot, relativePath)
      : resolveExisting(realRoot, relativePath);
  }

  async readText(relativePath: string, options: { maxBytes?: number } = {}): Promise<ReadResult> {
    const file = await this.resolve(relativePath);
    const handle = await open(file, constants.O_RDONLY | NO_FOLLOW).catch((error: unknown) => {
      if (code(error) === 'ELOOP')
        throw new SandboxError(`${JSON.stringify(relativePath)} changed into a link`);
      throw error;
    });
    try {
      const info = await handle.stat();
      if (info.isDirectory()) throw new Error(`${JSON.stringify(relativePath)} is a folder, not a file`);
      if (!info.isFile()) throw new Error(`${JSON.stringify(relativePath)} is not a regular file`);
      const limit = Math.min(info.size, options.maxBytes ?? DEFAULT_READ_BYTES);
      const buffer = Buffer.alloc(limit);
      const { bytesRead } = await handle.read(buffer, 0, limit, 0);
      return {
        text: buffer.subarray(0, bytesRead).toString('utf8'),
        size: info.size,
        truncated: info.size > bytesRead,
      };
    } finally {
      await handle.close();
    }
  }

  async writeText(relativePath: string, content: string, mode: WriteMode): Promise<WriteResult> {
    const realRoot = await this.realRoot();
    const target = await resolveForWrite(realRoot, relativePath);
    const shown = JSON.stringify(relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    const existed = await lstat(target).then(
      () => true,
      () => false,
    );
    const handle = await open(target, WRITE_FLAGS[mode], 0o644).catch((error: unknown) => {
      switch (code(error)) {
        case 'EEXIST':
          throw new Error(
            `${shown} already exists; use mode 'overwrite' to replace it or 'append' to add to it`,
          );
        case 'EISDIR':
          throw new Error(`${shown} is a folder, not a file`);
        case 'ELOOP':
          throw new SandboxError(`${shown} changed into a link; writing through links is not allowed`);
        case 'ENXIO':
          throw new Error(`${shown} is not a regular file`);
        default:
          throw error;
      }
    });
    const bytes = Buffer.from(content, 'utf8');
    try {
      if (!(await handle.stat()).isFile()) throw new Error(`${shown} is not a regular file`);
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    const written = toRelative(realRoot, target);
    this.changed.add(written);
    return { path: written, bytesWritten: bytes.length, created: !existed };
  }

  async list(relativePath = '.', options: { recursive?: boolean; limit?: number } = {}): Promise<ListResult> {
    const realRoot = await this.realRoot();
    const start = await resolveExisting(realRoot, relativePath);
    const info = await lstat(start);
    if (!info.isDirectory()) {
      const entry: WalkEntry = {
        path: toRelative(realRoot, start),
        type: 'file',
        size: info.size,
        mtimeMs: info.mtimeMs,
      };
      return { entries: [entry], truncated: false };
    }
    return walk(realRoot, start, { recursive: options.recursive ?? false, limit: options.limit ?? 1000 });
  }

  /** `pattern` is plain text, or a regular expression written as `/body/flags`. */
  async search(
    pattern: string,
    options: { path?: string; glob?: string; maxMatches?: number } = {},
  ): Promise<SearchResult> {
    if (pattern === '') throw new Error('the search pattern is empty');
    const realRoot = await this.realRoot();
    const start = await resolveExisting(realRoot, options.path ?? '.');
    const searchOptions = {
      maxMatches: options.maxMatches ?? 200,
      ...(options.glob ? { glob: options.glob } : {}),
    };
    return searchFiles(realRoot, start, lineMatcher(pattern), searchOptions);
  }

  /** What is at `relativePath` (links followed, staying inside), or null when nothing is there. */
  async stat(relativePath: string): Promise<StatResult | null> {
    const real = await resolveExistingOrNull(await this.realRoot(), relativePath);
    if (real === null) return null;
    const info = await lstat(real);
    const type: EntryType = info.isDirectory() ? 'dir' : info.isFile() ? 'file' : 'other';
    return { type, size: info.size, mtimeMs: info.mtimeMs };
  }

  /**
   * Runs a shell command with the workspace as cwd and HOME, a scrubbed environment, a timeout and an
   * output cap. Files it creates, changes or deletes are found by comparing snapshots.
   */
  async runCommand(command: string, options: CommandOptions): Promise<CommandResult> {
    if (command.trim() === '') throw new Error('the command is empty');
    const realRoot = await this.realRoot();
    const tmpDir = path.join(realRoot, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    const before = await snapshot(realRoot, SNAPSHOT_LIMIT, SNAPSHOT_SKIP);
    const result = await runShellCommand(
      command,
      realRoot,
      scrubbedEnv(realRoot, tmpDir),
      options,
      this.observer,
    );
    const after = await snapshot(realRoot, SNAPSHOT_LIMIT, SNAPSHOT_SKIP);
    for (const file of diffSnapshots(before, after)) this.changed.add(file);
    return result;
  }

  /** Workspace-relative paths of files changed through this workspace object, sorted. */
  changedFiles(): string[] {
    return [...this.changed].sort();
  }
}
