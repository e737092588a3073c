import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtinTools } from '../../../tools/index';
import { ToolRegistry } from './registry';
import { defineTool, type ToolDefinition } from './types';

function fakeTool(name: string): ToolDefinition {
  return defineTool({
    name,
    description: 'does nothing',
    parameters: z.object({}),
    risk: 'read',
    timeoutMs: 1000,
    execute: async () => null,
  });
}

describe('ToolRegistry', () => {
  const registry = new ToolRegistry(builtinTools);

  it('lists the built-in tools', () => {
    expect(registry.names()).toEqual([
      'read_file',
      'write_file',
      'list_files',
      'search_files',
      'http_get',
      'run_command',
      'query_sales_data',
      'calc_growth_rate',
      'save_daily_report',
      'recall',
    ]);
    expect(registry.get('read_file')?.risk).toBe('read');
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.list()).toHaveLength(10);
  });

  it('builds OpenAI tool specs from the zod schemas, every field described', () => {
    const specs = registry.specs();
    for (const spec of specs) {
      expect(spec.type).toBe('function');
      expect(spec.function.parameters).not.toHaveProperty('$schema');
      expect(spec.function.parameters.type).toBe('object');
      const properties = spec.function.parameters.properties as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) {
        expect(schema.description, `${spec.function.name}.${field}`).toBeTruthy();
      }
    }
    const [write] = registry.specs(['write_file']);
    // Input mode: a field with a default is optional for the model.
    expect(write?.function.parameters.required).toEqual(['path', 'content']);
    expect(() => registry.specs(['nope'])).toThrow(/unknown tool 'nope'/);
  });

  it('describes tools compactly for JSON mode', () => {
    const text = registry.describeForPrompt(['calc_growth_rate']);
    expect(text).toMatch(/^- calc_growth_rate: Growth/);
    expect(text).toContain('"previous"');
    expect(text.split('\n')).toHaveLength(2);
  });

  it('validates arguments, applying defaults', () => {
    expect(registry.validate('write_file', { path: 'a.txt', content: 'x' })).toEqual({
      ok: true,
      args: { path: 'a.txt', content: 'x', mode: 'create' },
    });
  });

  it('explains invalid arguments in plain words', () => {
    const check = (name: string, args: unknown) => {
      const result = registry.validate(name, args);
      return result.ok ? 'ok' : result.error;
    };
    expect(check('query_sales_data', { start_date: '2024/01/31', end_date: '2024-02-01' })).toBe(
      "query_sales_data: start_date: expected a date like 2024-01-31, got '2024/01/31'",
    );
    expect(check('query_sales_data', { start_date: '2024-03-01', end_date: '2024-02-01' })).toBe(
      'query_sales_data: end_date: end_date must not be before start_date',
    );
    expect(check('read_file', {})).toBe('read_file: path: is required but missing');
    expect(check('read_file', { path: 5 })).toBe('read_file: path: expected string, got 5');
    expect(check('read_file', 'a.txt')).toBe("read_file: expected a JSON object of arguments, got 'a.txt'");
    expect(check('write_file', { path: 'a', content: 'b', mode: 'replace' })).toMatch(
      /^write_file: mode: invalid option: expected one of .*, got 'replace'$/,
    );
    expect(check('fly_to_moon', {})).toMatch(
      /^there is no tool named 'fly_to_moon'; available tools: read_file, /,
    );
  });

  it('refuses duplicate, badly named and reserved tools', () => {
    expect(() => new ToolRegistry([fakeTool('one_tool'), fakeTool('one_tool')])).toThrow(/defined twice/);
    expect(() => new ToolRegistry([fakeTool('readFile')])).toThrow(/not snake_case/);
    expect(() => new ToolRegistry([fakeTool('read-file')])).toThrow(/not snake_case/);
    expect(() => new ToolRegistry([fakeTool('ask_user')])).toThrow(/reserved/);
  });
});
