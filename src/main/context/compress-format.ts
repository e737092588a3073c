/** A titled group of summary lines; when the summary is over budget, lines are dropped from its end. */
export interface Section {
  title?: string;
  lines: string[];
  /** Lines kept however tight the budget (they may still be clipped at the very end). */
  keep?: number;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** 152340 → "152,340"; rounds to at most 6 decimals so float sums read cleanly. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 row", "2 rows": the count with the noun in the number it needs. */
export function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** At most `max` characters, never ending in half a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** One line of output for the summary: control characters shown as spaces, long lines cut with "…". */
export function clipLine(line: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: tool output may contain any control character
  const flat = line.replace(/[\u0000-\u001f\u007f]+/g, ' ').trimEnd();
  return flat.length <= max ? flat : `${clipText(flat, Math.max(0, max - 1))}…`;
}

/** Line count as an editor shows it: a trailing newline does not start another line. */
export function countLines(text: string): number {
  if (!text) return 0;
  let lines = 1;
  let at = text.indexOf('\n');
  while (at !== -1) {
    if (at < text.length - 1) lines++;
    at = text.indexOf('\n', at + 1);
  }
  return lines;
}

/** The first `n` lines, without splitting the whole text. */
export function headLines(text: string, n: number): string[] {
  const lines: string[] = [];
  let from = 0;
  while (lines.length < n && from < text.length) {
    const end = text.indexOf('\n', from);
    lines.push(text.slice(from, end === -1 ? text.length : end).replace(/\r$/, ''));
    if (end === -1) break;
    from = end + 1;
  }
  return lines;
}

/** The last `n` non-empty lines, without splitting the whole text. */
export function tailLines(text: string, n: number): string[] {
  const lines: string[] = [];
  let end = text.length;
  while (lines.length < n && end > 0) {
    const start = text.lastIndexOf('\n', end - 1);
    const line = text.slice(start + 1, end).replace(/\r$/, '');
    if (line.trim()) lines.unshift(line);
    end = start === -1 ? 0 : start;
  }
  return lines;
}

/**
 * Renders the sections within `maxChars`: drops lines from the ends of the longest sections first (noting
 * how many were left out), and clips the result if the kept lines alone are still too long.
 */
export function fitSections(sections: Section[], maxChars: number): string {
  const parts = sections
    .filter((s) => s.lines.length || s.title)
    .map((s) => ({ title: s.title, lines: [...s.lines], keep: s.keep ?? 1, dropped: 0 }));
  const size = (part: (typeof parts)[number]) =>
    (part.title ? part.title.length + 1 : 0) +
    part.lines.reduce((sum, line) => sum + line.length + 1, 0) +
    (part.dropped ? omitted(part.dropped).length + 1 : 0);
  const sizes = parts.map(size);
  let total = sizes.reduce((a, b) => a + b, 0);
  while (total > maxChars + 1) {
    let pick = -1;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (!part || part.lines.length <= part.keep) continue;
      if (pick === -1 || (sizes[i] ?? 0) > (sizes[pick] ?? 0)) pick = i;
    }
    const part = parts[pick];
    if (!part) break;
    part.lines.pop();
    part.dropped++;
    const next = size(part);
    total += next - (sizes[pick] ?? 0);
    sizes[pick] = next;
  }
  const text = parts
    .map((part) =>
      [
        ...(part.title ? [part.title] : []),
        ...part.lines,
        ...(part.dropped ? [omitted(part.dropped)] : []),
      ].join('\n'),
    )
    .join('\n');
  return clipText(text, maxChars);
}

function omitted(count: number): string {
  return `  … ${formatNumber(count)} more not shown`;
}
