import {
  clipLine,
  fitSections,
  formatNumber,
  headLines,
  plural,
  type Section,
  tailLines,
} from './compress-format';
import { lineLevel } from './detect-shape';

const LEVEL_ORDER = ['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE'];
const SHOWN_GROUPS = 15;
// Beyond this many distinct messages the rest are only counted: the map must not grow with the input.
const MAX_GROUPS = 5_000;
const MESSAGE_CHARS = 300;

/** Python, Java, JS and Go exception lines, including Java's "Caused by:" chains. */
const EXCEPTION_LINE =
  /^\s*(?:Caused by: |Exception in thread "[^"]*" )?(?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$]*(?:Error|Exception|Exit|Interrupt)(?::|$)|^\s*panic: /;

interface Group {
  count: number;
  firstLine: number;
}

class Groups {
  readonly map = new Map<string, Group>();
  lines = 0;
  uncounted = 0;

  add(key: string, line: number): void {
    this.lines++;
    const group = this.map.get(key);
    if (group) group.count++;
    else if (this.map.size < MAX_GROUPS) this.map.set(key, { count: 1, firstLine: line });
    else this.uncounted++;
  }

  top(): [string, Group][] {
    return [...this.map]
      .sort((a, b) => b[1].count - a[1].count || a[1].firstLine - b[1].firstLine)
      .slice(0, SHOWN_GROUPS);
  }
}

/** The message with its variable parts (ids, numbers, times) masked, so repeats of one message group together. */
export function normalizeMessage(message: string): string {
  return message
    .slice(0, MESSAGE_CHARS)
    .replace(/^[\s:|\]>)–-]+/, '')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, '<time>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

function groupLines(title: string, groups: Groups, lineChars: number): Section {
  const kinds = groups.map.size + (groups.uncounted ? 1 : 0);
  const lines = groups
    .top()
    .map(([key, g]) =>
      clipLine(
        `  ${formatNumber(g.count)}× ${key || '(empty)'} (first at line ${formatNumber(g.firstLine)})`,
        lineChars,
      ),
    );
  if (groups.map.size > SHOWN_GROUPS) {
    lines.push(`  … ${formatNumber(groups.map.size - SHOWN_GROUPS)} more kinds, less frequent`);
  }
  if (groups.uncounted) lines.push(`  … and ${formatNumber(groups.uncounted)} lines of yet more kinds`);
  return {
    title: `${title} (${plural(kinds, 'kind')} in ${plural(groups.lines, 'line')}; numbers, ids and times masked as <n>, <hex>, <uuid>, <time>):`,
    lines,
    keep: 3,
  };
}

/** Line count, lines per level, the distinct error messages with counts, and the first and last lines. */
export function summarizeLog(text: string, maxChars: number): string {
  const levels = new Map<string, number>();
  const errors = new Groups();
  const warnings = new Groups();
  const exceptions = new Groups();
  let lineNumber = 0;
  let unleveled = 0;
  let from = 0;
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    if (stop === from && end === -1) break;
    lineNumber++;
    const line = text.slice(from, Math.min(stop, from + 4 * MESSAGE_CHARS));
    from = stop + 1;
    const marked = lineLevel(line);
    if (!marked) {
      if (line.trim()) unleveled++;
      if (EXCEPTION_LINE.test(line)) exceptions.add(normalizeMessage(line), lineNumber);
      continue;
    }
    levels.set(marked.level, (levels.get(marked.level) ?? 0) + 1);
    if (marked.level === 'ERROR' || marked.level === 'FATAL') {
      errors.add(
        `${marked.level === 'FATAL' ? 'FATAL ' : ''}${normalizeMessage(line.slice(marked.end))}`,
        lineNumber,
      );
    } else if (marked.level === 'WARN') {
      warnings.add(normalizeMessage(line.slice(marked.end)), lineNumber);
    }
  }
  const counts = LEVEL_ORDER.filter((level) => levels.has(level)).map(
    (level) => `${level}: ${formatNumber(levels.get(level) ?? 0)}`,
  );
  if (unleveled) counts.push(`no level: ${formatNumber(unleveled)}`);
  const lineChars = Math.max(80, Math.min(220, Math.floor(maxChars / 14)));
  const sections: Section[] = [
    {
      title: `Log of ${plural(lineNumber, 'line')}. Lines per level: ${counts.join(', ') || 'none marked'}.`,
      lines: [],
    },
  ];
  if (errors.lines) sections.push(groupLines('Distinct ERROR/FATAL messages', errors, lineChars));
  else if (warnings.lines)
    sections.push(groupLines('No ERROR lines. Distinct WARN messages', warnings, lineChars));
  if (exceptions.lines) sections.push(groupLines('Exception lines', exceptions, lineChars));
  sections.push(
    { title: 'First lines:', lines: headLines(text, 3).map((l) => `  ${clipLine(l, lineChars)}`), keep: 1 },
    { title: 'Last lines:', lines: tailLines(text, 3).map((l) => `  ${clipLine(l, lineChars)}`), keep: 1 },
  );
  return fitSections(sections, maxChars);
}
