import { clipLine, fitSections, formatNumber, headLines, plural, type Section } from './compress-format';
import type { Delimiter } from './detect-shape';

const MAX_DISTINCT = 200;
const SHOWN_OUTLIERS = 5;
const OUTLIER_SIGMAS = 3;

interface Row {
  fields: string[];
  line: number;
}

/** Rows of delimited text; quoted fields may hold delimiters, doubled quotes and newlines. */
function* delimitedRows(text: string, delimiter: string): Generator<Row> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 0;
  let rowLine = 1;
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    const raw = text.slice(from, text.charCodeAt(stop - 1) === 13 && stop > from ? stop - 1 : stop);
    from = stop + 1;
    line++;
    if (!quoted && !raw.includes('"')) {
      if (!raw.trim()) continue;
      yield { fields: raw.split(delimiter), line };
      continue;
    }
    if (!quoted) rowLine = line;
    else field += '\n';
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i];
      if (quoted) {
        if (ch !== '"') field += ch;
        else if (raw[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else if (ch === '"') quoted = true;
      else if (ch === delimiter) {
        fields.push(field);
        field = '';
      } else field += ch;
    }
    if (quoted) continue;
    fields.push(field);
    yield { fields, line: rowLine };
    fields = [];
    field = '';
  }
  if (quoted || fields.length) yield { fields: [...fields, field], line: rowLine };
}

function* lineRows(text: string, delimiter: '|' | 'whitespace', width: () => number): Generator<Row> {
  let line = 0;
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    const raw = text.slice(from, stop).trim();
    from = stop + 1;
    line++;
    if (!raw || /^[\s|:+=-]+$/.test(raw)) continue;
    if (delimiter === '|') {
      const inner = raw.slice(
        raw.startsWith('|') ? 1 : 0,
        raw.endsWith('|') && raw.length > 1 ? -1 : undefined,
      );
      yield { fields: inner.split('|'), line };
      continue;
    }
    // The last column of `ps`-style output holds spaces (a command line): it takes the rest of the line.
    const words = raw.split(/\s+/);
    const columns = width() || words.length;
    yield {
      fields:
        words.length > columns ? [...words.slice(0, columns - 1), words.slice(columns - 1).join(' ')] : words,
      line,
    };
  }
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;
/** A number with a currency sign, a percent sign or thousands separators. */
const DECORATED = /^[-+]?[$€£¥]|[%$€£¥]$|\d,\d{3}/;
const GROUPED = /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** The cell as a number ("$1,234.50", "12%", "-3e2"), or NaN. */
export function parseCell(cell: string): number {
  let s = cell.trim();
  if (!s) return Number.NaN;
  // Plain numbers are nearly every numeric cell; Number() alone decides them without any regex.
  const plain = Number(s);
  if (Number.isFinite(plain)) return plain;
  if (!DECORATED.test(s)) return Number.NaN;
  s = s.replace(/^[$€£¥]|[$€£¥%]$/g, '').replace(/^([-+])[$€£¥]/, '$1');
  if (GROUPED.test(s)) s = s.replace(/,/g, '');
  return NUMBER.test(s) ? Number(s) : Number.NaN;
}

/** Digits of the cell after its decimal point (at most 6), so totals are shown to the column's precision. */
function decimals(trimmed: string): number {
  const dot = trimmed.lastIndexOf('.');
  return dot === -1 ? 0 : Math.min(6, trimmed.length - dot - 1);
}

class Column {
  numeric = 0;
  empty = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  mean = 0;
  m2 = 0;
  places = 0;
  readonly values: number[] = [];
  readonly distinct = new Map<string, number>();
  manyDistinct = false;
  first = '';
  last = '';

  constructor(readonly name: string) {}

  add(cell: string): void {
    const trimmed = cell.trim();
    const value = parseCell(trimmed);
    this.values.push(value);
    if (!trimmed) {
      this.empty++;
      return;
    }
    if (Number.isFinite(value)) {
      this.numeric++;
      this.sum += value;
      if (value < this.min) this.min = value;
      if (value > this.max) this.max = value;
      const delta = value - this.mean;
      this.mean += delta / this.numeric;
      this.m2 += delta * (value - this.mean);
      this.places = Math.max(this.places, decimals(trimmed));
      return;
    }
    if (!this.first || trimmed < this.first) this.first = trimmed;
    if (trimmed > this.last) this.last = trimmed;
    if (this.manyDistinct) return;
    this.distinct.set(trimmed, (this.distinct.get(trimmed) ?? 0) + 1);
    if (this.distinct.size > MAX_DISTINCT) this.manyDistinct = true;
  }

  get isNumeric(): boolean {
    const filled = this.values.length - this.empty;
    return this.numeric > 0 && this.numeric >= 0.8 * filled;
  }

  get sigma(): number {
    return this.numeric > 1 ? Math.sqrt(this.m2 / (this.numeric - 1)) : 0;
  }

  round(value: number): string {
    const factor = 10 ** this.places;
    return formatNumber(Math.round(value * factor) / factor);
  }
}

/** Header, row count, totals and ranges of numeric columns, anomalies, and the first rows. */
export function summarizeTable(text: string, delimiter: Delimiter, maxChars: number): string {
  let columns: Column[] = [];
  let started = false;
  let hasHeader = false;
  const ragged = new Map<number, number>();
  const rows =
    delimiter === '|' || delimiter === 'whitespace'
      ? lineRows(text, delimiter, () => columns.length)
      : delimitedRows(text, delimiter);
  const rowLines: number[] = [];
  for (const row of rows) {
    if (!started) {
      started = true;
      hasHeader = row.fields.some((f) => f.trim() && Number.isNaN(parseCell(f)));
      columns = row.fields.map(
        (f, i) => new Column(hasHeader ? f.trim() || `column ${i + 1}` : `column ${i + 1}`),
      );
      if (hasHeader) continue;
    }
    if (row.fields.length !== columns.length) {
      ragged.set(row.fields.length, (ragged.get(row.fields.length) ?? 0) + 1);
    }
    rowLines.push(row.line);
    columns.forEach((column, i) => {
      column.add(row.fields[i] ?? '');
    });
  }
  const dataRows = rowLines.length;
  const lineChars = Math.max(80, Math.min(240, Math.floor(maxChars / 10)));
  const numeric = columns.filter((c) => c.isNumeric);
  const sections: Section[] = [
    {
      title: `${delimiter === 'whitespace' ? 'Aligned' : delimiterName(delimiter)} table: ${plural(dataRows, 'data row')}${hasHeader ? ' and a header row' : ' (no header row)'}, ${plural(columns.length, 'column')}.`,
      lines: [clipLine(`Columns: ${columns.map((c) => c.name).join(', ')}`, 4 * lineChars)],
    },
  ];
  if (numeric.length) {
    sections.push({
      title: 'Numeric columns (over all rows):',
      lines: numeric.map((c) =>
        clipLine(
          `  ${c.name}: total ${c.round(c.sum)}; min ${c.round(c.min)}; max ${c.round(c.max)}; mean ${formatNumber(Math.round(c.mean * 100) / 100)} (${formatNumber(c.numeric)} values)`,
          lineChars,
        ),
      ),
    });
  }
  const categorical = columns.filter((c) => !c.isNumeric && c.distinct.size);
  if (categorical.length) {
    sections.push({
      title: 'Text columns:',
      lines: categorical.map((c) => clipLine(describeText(c), lineChars)),
    });
  }
  sections.push({ title: 'Anomalies:', lines: anomalies(columns, rowLines, ragged, lineChars), keep: 3 });
  const firstRows = headLines(text, 4 + (hasHeader ? 1 : 0))
    .filter((l) => l.trim() && !/^[\s|:+=-]+$/.test(l))
    .slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + 3);
  sections.push({
    title: 'First rows:',
    lines: firstRows.map((l) => `  ${clipLine(l, lineChars)}`),
    keep: 1,
  });
  return fitSections(sections, maxChars);
}

function delimiterName(delimiter: Delimiter): string {
  if (delimiter === ',') return 'Comma-separated';
  if (delimiter === '\t') return 'Tab-separated';
  if (delimiter === ';') return 'Semicolon-separated';
  return 'Pipe-delimited';
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

function describeText(column: Column): string {
  if (DATE.test(column.first) && DATE.test(column.last)) {
    const distinct = column.manyDistinct ? `more than ${MAX_DISTINCT}` : formatNumber(column.distinct.size);
    return `  ${column.name}: ${distinct} distinct, from ${clipLine(column.first, 30)} to ${clipLine(column.last, 30)}`;
  }
  if (column.manyDistinct) return `  ${column.name}: more than ${MAX_DISTINCT} distinct values`;
  const top = [...column.distinct].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const shown = top.map(([value, count]) => `${clipLine(value, 30)} ${formatNumber(count)}`).join(', ');
  const more = column.distinct.size > top.length ? ', …' : '';
  return `  ${column.name}: ${formatNumber(column.distinct.size)} distinct — ${shown}${more}`;
}

function anomalies(
  columns: Column[],
  rowLines: number[],
  ragged: Map<number, number>,
  lineChars: number,
): string[] {
  const lines: string[] = [];
  const empty = columns.filter((c) => c.empty);
  const emptyTotal = empty.reduce((sum, c) => sum + c.empty, 0);
  lines.push(
    emptyTotal
      ? clipLine(
          `  empty cells: ${formatNumber(emptyTotal)} (${empty.map((c) => `${c.name} ${formatNumber(c.empty)}`).join(', ')})`,
          lineChars,
        )
      : '  empty cells: none',
  );
  for (const [width, count] of ragged) {
    lines.push(`  ${plural(count, 'row')} with ${plural(width, 'field')} instead of ${columns.length}`);
  }
  const checked = columns.filter((c) => c.isNumeric && c.numeric >= 10 && c.sigma > 0);
  const examples: string[] = [];
  let outlierRows = 0;
  for (let row = 0; row < rowLines.length; row++) {
    let found = '';
    for (const column of checked) {
      const value = column.values[row] ?? Number.NaN;
      if (Math.abs(value - column.mean) > OUTLIER_SIGMAS * column.sigma) {
        found ||= `${column.name}=${formatNumber(value)} (mean ${formatNumber(Math.round(column.mean * 100) / 100)}, σ ${formatNumber(Math.round(column.sigma * 100) / 100)})`;
      }
    }
    if (!found) continue;
    outlierRows++;
    if (examples.length < SHOWN_OUTLIERS) {
      examples.push(
        clipLine(
          `    data row ${formatNumber(row + 1)} (line ${formatNumber(rowLines[row] ?? 0)}): ${found}`,
          lineChars,
        ),
      );
    }
  }
  lines.push(
    outlierRows
      ? `  ${plural(outlierRows, 'row')} with a value more than ${OUTLIER_SIGMAS}σ from its column's mean, e.g.:`
      : `  values more than ${OUTLIER_SIGMAS}σ from their column's mean: none`,
    ...examples,
  );
  return lines;
}
