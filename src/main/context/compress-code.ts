import { clipLine, fitSections, formatNumber, headLines, type Section } from './compress-format';

const SCANNED_LINE_CHARS = 400;
const MAX_NAMES = 500;
const MAX_FILES = 20;
const FILE_SCANS = 5_000;

const CLASS_LIKE = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:pub(?:\([\w\s]+\))?\s+)?(?:(?:public|private|protected|internal|abstract|static|final|sealed|data)\s+)*(?:class|interface|enum|struct|trait|record)\s+([A-Za-z_$][\w$]*)/,
  /^\s*type\s+([A-Za-z_]\w*)\s+(?:struct|interface)\b/,
  /^\s*(?:export\s+)?(?:declare\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*=/,
];

const METHOD_KEYWORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'with',
  'elif',
]);

const FUNCTIONS = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]*)?=>|[A-Za-z_$][\w$]*\s*=>)/,
  /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/,
  /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*[([]/,
  /^\s*(?:pub(?:\([\w\s]+\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:const\s+)?fn\s+([A-Za-z_]\w*)/,
  /^\s*(?:(?:public|private|protected|static|final|abstract|synchronized|override|virtual|async)\s+)+[\w<>[\],.?]+\s+([A-Za-z_]\w*)\s*\(/,
  /^\s+(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/,
];

const IMPORTS = [
  /^\s*import\s(?:.*?\sfrom\s*)?['"]([^'"]+)['"]/,
  /^\s*from\s+([\w.]+)\s+import\b/,
  /^\s*import\s+([\w.]+)\s*;?\s*$/,
  /^\s*use\s+([\w:]+)/,
  /^\s*#include\s*[<"]([^>"]+)[>"]/,
  /^\s*(?:const|let|var)\s+.*?=\s*require\(\s*['"]([^'"]+)['"]\s*\)/,
];

const FILE_HINT =
  /\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|scala|vue|svelte)\b/;
const FILE_NAME =
  /(?:^|[\s"'(=:])((?:[\w.-]+\/)*[\w-][\w.-]*\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|scala|vue|svelte))\b/g;

const STACK_START =
  /^\s*(?:Traceback \(most recent call last\)|(?:Caused by: )?(?:[\w$]+\.)*[A-Z][\w$]*(?:Error|Exception)\b(?::|\s|$)|panic:|thread '[^']*' panicked|Exception in thread|error(?:\[\w+\])?:|Uncaught\s)/;

function firstMatch(patterns: RegExp[], line: string): string | undefined {
  for (const pattern of patterns) {
    const name = pattern.exec(line)?.[1];
    if (name) return name;
  }
  return undefined;
}

class Names {
  readonly seen = new Set<string>();
  total = 0;
  add(name: string): void {
    if (this.seen.has(name)) return;
    this.total++;
    if (this.seen.size < MAX_NAMES) this.seen.add(name);
  }
  line(label: string, maxChars: number): string {
    let out = `${label} (${formatNumber(this.total)}):`;
    let shown = 0;
    for (const name of this.seen) {
      const piece = `${shown ? ',' : ''} ${clipLine(name, 60)}`;
      if (out.length + piece.length > maxChars - 20) break;
      out += piece;
      shown++;
    }
    return shown < this.total ? `${out}, … ${formatNumber(this.total - shown)} more` : out;
  }
}

/** File names, imports, declared classes and functions, the first lines of any error stack, line count. */
export function summarizeCode(text: string, maxChars: number): string {
  const classes = new Names();
  const functions = new Names();
  const imports = new Names();
  const files = new Set<string>();
  const stacks: string[] = [];
  const lineChars = Math.max(80, Math.min(240, Math.floor(maxChars / 10)));
  let fileScans = 0;
  let lineNumber = 0;
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    const line = text.slice(from, Math.min(stop, from + SCANNED_LINE_CHARS));
    from = stop + 1;
    lineNumber++;
    const declared = firstMatch(CLASS_LIKE, line);
    if (declared) classes.add(declared);
    const fn = declared ? undefined : firstMatch(FUNCTIONS, line);
    if (fn && !METHOD_KEYWORDS.has(fn)) functions.add(fn);
    const imported = firstMatch(IMPORTS, line);
    if (imported) imports.add(imported);
    if (stacks.length < 6 && STACK_START.test(line)) {
      stacks.push(clipLine(`  line ${formatNumber(lineNumber)}: ${line.trim()}`, lineChars));
    }
    if (files.size < MAX_FILES && fileScans < FILE_SCANS && FILE_HINT.test(line)) {
      fileScans++;
      for (const match of line.matchAll(FILE_NAME))
        if (match[1] && files.size < MAX_FILES) files.add(match[1]);
    }
  }
  const wide = Math.max(lineChars, Math.floor(maxChars / 4));
  const sections: Section[] = [
    {
      title: clipLine(
        `Source code: ${formatNumber(lineNumber)} lines.${files.size ? ` Files mentioned: ${[...files].join(', ')}` : ''}`,
        wide,
      ),
      lines: [
        ...(imports.total ? [imports.line('Imports', wide)] : []),
        ...(classes.total ? [classes.line('Classes, interfaces and types', wide)] : []),
        ...(functions.total ? [functions.line('Functions and methods', wide)] : []),
      ],
      keep: 3,
    },
  ];
  if (stacks.length) sections.push({ title: 'Error stack lines:', lines: stacks, keep: 1 });
  sections.push({
    title: 'First lines:',
    lines: headLines(text, 8).map((l) => `  ${clipLine(l, lineChars)}`),
    keep: 2,
  });
  return fitSections(sections, maxChars);
}
