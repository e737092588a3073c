import type { z } from 'zod';
import type { Workspace } from './workspace';

export type ToolRisk = 'read' | 'write' | 'external';
export type ApprovalPolicy = 'allow' | 'ask' | 'deny';

/** What a tool receives besides its arguments. Tools touch files only through `workspace`. */
export interface ToolContext {
  runId: string;
  callId: string;
  signal: AbortSignal;
  workspace: Workspace;
  /** Earlier tool outputs of this run, in full, as the event log keeps them. */
  archive: ToolArchive;
}

/** Read access to the run's own earlier tool outputs. */
export interface ToolArchive {
  /** The full output of an earlier call of this run, or undefined when there is none under that id. */
  output(callId: string): unknown;
}

/** A tool as declared in one file under tools/ (DESIGN.md §5). */
export interface ToolDefinition<P extends z.ZodObject = z.ZodObject> {
  /** snake_case, unique. */
  name: string;
  description: string;
  parameters: P;
  risk: ToolRisk;
  timeoutMs: number;
  /** Safe to run again after a crash even though it writes. */
  idempotent?: boolean;
  execute(args: z.output<P>, ctx: ToolContext): Promise<unknown>;
}

export function defineTool<P extends z.ZodObject>(definition: ToolDefinition<P>): ToolDefinition<P> {
  return definition;
}

/** What running a tool came to, as values: errors are results the model can read, not exceptions. */
export type ToolOutcome =
  | { ok: true; output: unknown; changedFiles: string[] }
  | {
      ok: false;
      error: string;
      kind: 'timeout' | 'crashed' | 'error' | 'cancelled';
      /** Files the call changed before it failed, when the worker could still report them. */
      changedFiles?: string[];
    };
