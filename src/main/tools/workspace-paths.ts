import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

/** A path a tool gave that is not a plain workspace-relative path or that leads out of the workspace. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

const HINT = 'give a path relative to the workspace, e.g. notes/todo.md';

/** Checks the shape of a workspace-relative path and returns its segments ('.' gives []). */
export function splitRelativePath(input: unknown): string[] {
  if (typeof input !== 'string' || input.trim() === '') throw new SandboxError(`the path is empty: ${HINT}`);
  if (input.includes('\0')) throw new SandboxError(`the path contains a NUL byte: ${HINT}`);
  const shown = JSON.stringify(input);
  if (input.startsWith('~')) {
    throw new SandboxError(`${shown} starts with ~: home-directory paths are not allowed; ${HINT}`);
  }
  if (path.isAbsolute(input) || input.startsWith('\\') || /^[A-Za-z]:/.test(input)) {
    throw new SandboxError(
      `${shown} is an absolute path: only paths inside the workspace are allowed; ${HINT}`,
    );
  }
  // Backslashes count as separators here so that `a\..\b` cannot sneak a `..` past the check.
  if (input.split(/[\\/]/).includes('..')) {
    throw new SandboxError(`${shown} contains '..': only paths inside the workspace are allowed; ${HINT}`);
  }
  return input.split('/').filter((segment) => segment !== '' && segment !== '.');
}

export function isInside(realRoot: string, candidate: string): boolean {
  return candidate === realRoot || candidate.startsWith(realRoot + path.sep);
}

/** The workspace-relative form of an absolute path inside the workspace, with forward slashes. */
export function toRelative(realRoot: string, absolute: string): string {
  return path.relative(realRoot, absolute).split(path.sep).join('/') || '.';
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function leadsOut(input: string): SandboxError {
  return new SandboxError(
    `${JSON.stringify(input)} leads outside the workspace through a symbolic link; only paths inside the workspace are allowed`,
  );
}

async function existsAsLink(candidate: string): Promise<boolean> {
  try {
    await lstat(candidate);
    return true;
  } catch {
    return false;
  }
}

/**
 * The real path of something that exists inside the workspace, or null when nothing is there.
 * Symbolic links are followed and the result must still be inside.
 */
export async function resolveExistingOrNull(realRoot: string, input: string): Promise<string | null> {
  const target = path.join(realRoot, ...splitRelativePath(input));
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    // Refuse a missing path under a link that leads out too, so answers never reveal what exists outside.
    if (code === 'ENOENT') await resolveForWrite(realRoot, input);
    return null;
  }
  if (!isInside(realRoot, real)) throw leadsOut(input);
  return real;
}

/** Like resolveExistingOrNull, but a missing path is an error the model can act on. */
export async function resolveExisting(realRoot: string, input: string): Promise<string> {
  const real = await resolveExistingOrNull(realRoot, input);
  if (real === null) throw new Error(`${JSON.stringify(input)} does not exist in the workspace`);
  return real;
}

/**
 * Where a write to `input` lands: the real path of its nearest existing ancestor (which must be inside
 * the workspace) joined with the parts that do not exist yet.
 */
export async function resolveForWrite(realRoot: string, input: string): Promise<string> {
  const segments = splitRelativePath(input);
  if (segments.length === 0)
    throw new SandboxError(`${JSON.stringify(input)} is the workspace folder itself`);
  for (let depth = segments.length; depth >= 0; depth--) {
    const candidate = path.join(realRoot, ...segments.slice(0, depth));
    let real: string;
    try {
      real = await realpath(candidate);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOTDIR')
        throw new Error(`${JSON.stringify(input)}: a part of this path is a file, not a folder`);
      if (code !== 'ENOENT') throw error;
      // A dangling link has no real path yet exists; writing through it would create its target elsewhere.
      if (await existsAsLink(candidate)) {
        throw new SandboxError(
          `${JSON.stringify(input)} goes through a symbolic link whose target is missing; such links are not followed`,
        );
      }
      continue;
    }
    if (!isInside(realRoot, real)) throw leadsOut(input);
    return path.join(real, ...segments.slice(depth));
  }
  throw new Error(`the workspace folder ${realRoot} does not exist`);
}
