import type { z } from 'zod';

const MAX_SHOWN_CHARS = 80;

function show(value: unknown): string {
  const text = typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text;
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'invalid_type') {
    if (input === undefined) return 'is required but missing';
    const expected =
      issue.expected === 'object' && issue.path.length === 0 ? 'a JSON object of arguments' : issue.expected;
    return `expected ${expected}, got ${show(input)}`;
  }
  const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  return input !== undefined && isPrimitive(input) ? `${message}, got ${show(input)}` : message;
}

/**
 * Turns a failed parse of tool arguments into plain words for the model, one line per problem:
 * `query_sales_data: start_date: expected a date like 2024-01-31, got '2024/01/31'`.
 * Parse with `{ reportInput: true }` so the offending values can be quoted.
 */
export function describeArgsError(toolName: string, error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
      return `${toolName}: ${where}${describeIssue(issue)}`;
    })
    .join('\n');
}
