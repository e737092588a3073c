import { z } from 'zod';
import { ASK_USER_TOOL } from '../../shared/decision';
import { describeArgsError } from './args-error';
import type { ToolDefinition } from './types';

/** A tool as the OpenAI chat API's `tools` array carries it. */
export interface OpenAiToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** Arguments checked against a tool's schema: parsed values (defaults applied), or plain words. */
export type ArgsValidation = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function inputSchema(tool: ToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.parameters, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return schema;
}

/** The tools a run may use, looked up by name. Duplicate or badly named tools are bugs and throw. */
export class ToolRegistry {
  private readonly tools = new Map<string, { definition: ToolDefinition; schema: Record<string, unknown> }>();

  constructor(definitions: readonly ToolDefinition[]) {
    for (const definition of definitions) {
      const { name } = definition;
      if (!SNAKE_CASE.test(name)) throw new Error(`tool name '${name}' is not snake_case`);
      if (name === ASK_USER_TOOL) throw new Error(`tool name '${name}' is reserved for asking the person`);
      if (this.tools.has(name)) throw new Error(`tool '${name}' is defined twice`);
      this.tools.set(name, { definition, schema: inputSchema(definition) });
    }
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  get(name: string): ToolDefinition | undefined {
    return this.tools.get(name)?.definition;
  }

  list(): ToolDefinition[] {
    return [...this.tools.values()].map((entry) => entry.definition);
  }

  private pick(names?: readonly string[]) {
    if (names === undefined) return [...this.tools.values()];
    return names.map((name) => {
      const entry = this.tools.get(name);
      if (entry === undefined) throw new Error(`unknown tool '${name}'`);
      return entry;
    });
  }

  /** The `tools` array for a native function-calling request. */
  specs(names?: readonly string[]): OpenAiToolSpec[] {
    return this.pick(names).map(({ definition, schema }) => ({
      type: 'function',
      function: { name: definition.name, description: definition.description, parameters: schema },
    }));
  }

  /** A compact listing for prompts in JSON mode: name, description and parameter schema per tool. */
  describeForPrompt(names?: readonly string[]): string {
    return this.pick(names)
      .map(
        ({ definition, schema }) =>
          `- ${definition.name}: ${definition.description}\n  parameters: ${JSON.stringify(schema)}`,
      )
      .join('\n');
  }

  validate(name: string, args: unknown): ArgsValidation {
    const entry = this.tools.get(name);
    if (entry === undefined) {
      return {
        ok: false,
        error: `there is no tool named '${name}'; available tools: ${this.names().join(', ')}`,
      };
    }
    const parsed = entry.definition.parameters.safeParse(args, { reportInput: true });
    if (!parsed.success) return { ok: false, error: describeArgsError(name, parsed.error) };
    return { ok: true, args: parsed.data as Record<string, unknown> };
  }
}
