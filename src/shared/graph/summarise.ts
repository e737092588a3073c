import { isBlobRef } from '../events';

/**
 * One line for a tool call's arguments, e.g. `start_date=2024-03-01, end_date=2024-03-07`, at most
 * `max` characters. Arguments are untrusted and can be huge: no value is rendered further than fits.
 */
export function summariseArguments(args: Record<string, unknown>, max = 60): string {
  let line = '';
  for (const [key, value] of Object.entries(args)) {
    line += `${line ? ', ' : ''}${key}=${render(value, max + 1 - line.length)}`;
    if (line.length > max) break;
  }
  return excerpt(line, max);
}

/** Text on one line, cut to at most `max` characters with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const flat = (text.length > max * 4 ? text.slice(0, max * 4) : text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}

/** Compact JSON-like text of a value, stopping once it is longer than `budget`. */
function render(value: unknown, budget: number): string {
  if (budget <= 0) return '';
  if (typeof value === 'string') return value.length > budget * 4 ? value.slice(0, budget * 4) : value;
  if (isBlobRef(value)) return `‹${value.bytes} bytes›`;
  if (Array.isArray(value)) {
    return joined('[', ']', value.length, (i) => nested(value[i], budget), budget);
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    return joined(
      '{',
      '}',
      keys.length,
      (i) => `${keys[i]}:${nested(record[keys[i] ?? ''], budget)}`,
      budget,
    );
  }
  return String(value);
}

function nested(value: unknown, budget: number): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, budget)) : render(value, budget);
}

function joined(open: string, close: string, count: number, item: (i: number) => string, budget: number) {
  let text = open;
  for (let i = 0; i < count; i++) {
    if (text.length > budget) return text;
    text += (i > 0 ? ',' : '') + item(i);
  }
  return text + close;
}
