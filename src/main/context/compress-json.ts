import {
  clipLine,
  clipText,
  countLines,
  fitSections,
  formatNumber,
  plural,
  type Section,
} from './compress-format';

/** Summarises a string by its own shape; given by compress.ts so that a wrapped log still reads as a log. */
export type StringSummarizer = (text: string, maxChars: number) => { body: string; shapeName: string };

const BIG_STRING = 1_000;
const MAX_DEPTH = 8;
const MAX_PATHS = 300;
const MAX_NODES = 1_000_000;
const SAMPLES = 3;

/** What was seen at one key path (array items as `[]`); children are found by key, not by building paths. */
class PathNode {
  /** Bits of TYPE_NAMES: which types were seen here. */
  types = 0;
  readonly children = new Map<string, PathNode>();
  count = 0;
  samples: string[] = [];
  minItems = Number.POSITIVE_INFINITY;
  maxItems = 0;
  keys = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  sum = 0;
  numbers = 0;
  trues = 0;
  falses = 0;

  constructor(readonly path: string) {}
}

const TYPE_NAMES = ['null', 'boolean', 'number', 'string', 'array', 'object'] as const;

function typeBit(value: unknown): number {
  if (value === null) return 1;
  if (Array.isArray(value)) return 16;
  if (typeof value === 'object') return 32;
  if (typeof value === 'boolean') return 2;
  if (typeof value === 'number') return 4;
  return 8;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A short, depth-limited rendering of a value, with big strings shown as their size only. */
function preview(value: unknown, depth = 0): string {
  if (typeof value === 'string') {
    if (value.length >= BIG_STRING) return `<${formatNumber(value.length)} chars>`;
    return value.length > 200
      ? `${JSON.stringify(clipLine(value, 200))}(${formatNumber(value.length)} chars)`
      : JSON.stringify(value);
  }
  if (value === null || typeof value !== 'object') return String(value);
  if (depth >= 3) return Array.isArray(value) ? `[…${value.length}]` : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, 5).map((v) => preview(v, depth + 1));
    return `[${items.join(',')}${value.length > 5 ? `,…(${formatNumber(value.length)} items)` : ''}]`;
  }
  const entries = Object.entries(value);
  const shown = entries
    .slice(0, 20)
    .map(([k, v]) => `${JSON.stringify(clipLine(k, 40))}:${preview(v, depth + 1)}`);
  return `{${shown.join(',')}${entries.length > 20 ? ',…' : ''}}`;
}

/** Big string fields of an object, up to two levels deep: the bulk of read_file's or run_command's output. */
function bigStrings(value: unknown, prefix = '', depth = 0): { path: string; text: string }[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || depth > 1) return [];
  const found: { path: string; text: string }[] = [];
  for (const [key, field] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof field === 'string' && field.length >= BIG_STRING) found.push({ path, text: field });
    else found.push(...bigStrings(field, path, depth + 1));
  }
  return found;
}

class Walker {
  readonly order: PathNode[] = [];
  readonly root = this.node('');
  nodes = 0;
  morePaths = false;
  truncated = false;

  walk(value: unknown, at: PathNode, depth: number): void {
    if (++this.nodes > MAX_NODES) {
      this.truncated = true;
      return;
    }
    at.types |= typeBit(value);
    at.count++;
    if (Array.isArray(value)) {
      at.minItems = Math.min(at.minItems, value.length);
      at.maxItems = Math.max(at.maxItems, value.length);
      const items = depth < MAX_DEPTH ? this.child(at, '[]') : undefined;
      if (items) for (const item of value) this.walk(item, items, depth + 1);
      return;
    }
    if (value !== null && typeof value === 'object') {
      let keys = 0;
      for (const key in value) {
        keys++;
        const field = depth < MAX_DEPTH ? this.child(at, key) : undefined;
        if (field) this.walk((value as Record<string, unknown>)[key], field, depth + 1);
      }
      at.keys = Math.max(at.keys, keys);
      return;
    }
    if (typeof value === 'number') {
      at.numbers++;
      at.sum += value;
      if (value < at.min) at.min = value;
      if (value > at.max) at.max = value;
    } else if (value === true) at.trues++;
    else if (value === false) at.falses++;
    else if (typeof value === 'string' && at.samples.length < SAMPLES) {
      const sample = JSON.stringify(clipLine(value, 40));
      if (!at.samples.includes(sample)) at.samples.push(sample);
    }
  }

  private child(parent: PathNode, key: string): PathNode | undefined {
    const known = parent.children.get(key);
    if (known) return known;
    if (this.order.length >= MAX_PATHS) {
      this.morePaths = true;
      return undefined;
    }
    const name = key === '[]' || /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(clipLine(key, 40));
    const path = key === '[]' ? `${parent.path}[]` : parent.path ? `${parent.path}.${name}` : name;
    const node = this.node(path);
    parent.children.set(key, node);
    return node;
  }

  private node(path: string): PathNode {
    const node = new PathNode(path);
    this.order.push(node);
    return node;
  }
}

function describe(s: PathNode): string {
  const parts = [TYPE_NAMES.filter((_, bit) => s.types & (1 << bit)).join('|')];
  if (s.types & 16) {
    const items =
      s.minItems === s.maxItems
        ? formatNumber(s.maxItems)
        : `${formatNumber(s.minItems)}–${formatNumber(s.maxItems)}`;
    parts.push(`${items} items`);
  }
  if (s.types & 32) parts.push(plural(s.keys, 'key'));
  if (s.numbers) {
    const range =
      s.min === s.max ? `${formatNumber(s.min)}` : `min ${formatNumber(s.min)}, max ${formatNumber(s.max)}`;
    parts.push(s.numbers > 1 ? `${range}, total ${formatNumber(s.sum)}` : range);
  }
  if (s.trues || s.falses) parts.push(`true ${formatNumber(s.trues)}, false ${formatNumber(s.falses)}`);
  if (s.samples.length) parts.push(`e.g. ${s.samples.join(', ')}`);
  if (s.count > 1) parts.push(`${formatNumber(s.count)} values`);
  return `  ${s.path || '(top)'}: ${parts.join('; ')}`;
}

function structure(value: unknown, maxChars: number): string {
  const walker = new Walker();
  walker.walk(value, walker.root, 0);
  const top = Array.isArray(value)
    ? `an array of ${plural(value.length, 'item')}`
    : value !== null && typeof value === 'object'
      ? `an object with ${plural(Object.keys(value).length, 'key')}`
      : `a ${typeOf(value)}`;
  const lineChars = Math.max(80, Math.min(240, Math.floor(maxChars / 10)));
  const lines = walker.order.map((node) => clipLine(describe(node), lineChars));
  if (walker.morePaths) lines.push(`  … more paths beyond the first ${MAX_PATHS}`);
  const notes = [
    `JSON: ${top}. Paths (arrays as [], nested to depth ${MAX_DEPTH}), types and values:`,
    ...(walker.truncated ? [`(statistics cover the first ${formatNumber(MAX_NODES)} values)`] : []),
  ];
  const sections: Section[] = [
    { title: notes.join('\n'), lines, keep: 5 },
    { title: 'Start:', lines: [clipLine(`  ${preview(value)}`, 3 * lineChars)] },
  ];
  return fitSections(sections, maxChars);
}

/**
 * Key paths, types, array lengths and sample values; or, when the bulk of the value is one or a few big
 * strings (a file's content, a command's stdout), the small fields as they are and each big string
 * summarised by its own shape.
 */
export function summarizeJson(
  value: unknown,
  originalChars: number,
  maxChars: number,
  summarizeString: StringSummarizer,
): string {
  if (typeof value === 'string') {
    const inner = summarizeString(value, maxChars - 60);
    return clipText(
      `A JSON string of ${formatNumber(value.length)} chars; it is ${inner.shapeName}:\n${inner.body}`,
      maxChars,
    );
  }
  const big = bigStrings(value)
    .sort((a, b) => b.text.length - a.text.length)
    .slice(0, 3);
  const bigChars = big.reduce((sum, b) => sum + b.text.length, 0);
  if (!big.length || bigChars < originalChars / 2) return structure(value, maxChars);
  const fields = clipLine(`Fields: ${preview(value)}`, Math.floor(maxChars / 4));
  const share = Math.floor((maxChars - fields.length - 1) / big.length);
  const parts = [fields];
  for (const { path, text } of big) {
    const title = `Field "${clipLine(path, 60)}" (${formatNumber(text.length)} chars, ${plural(countLines(text), 'line')}) is `;
    const inner = summarizeString(text, share - title.length - 40);
    parts.push(clipText(`${title}${inner.shapeName}:\n${inner.body}`, share - 1));
  }
  return clipText(parts.join('\n'), maxChars);
}
