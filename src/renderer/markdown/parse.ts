/** Inline Markdown: text, emphasis, code and links. */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

/** Block Markdown: the subset an agent's answer uses. */
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Inline[] };

const FENCE = /^ {0,3}(```|~~~)\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

/**
 * Markdown text into blocks. Model text is untrusted: the result is plain data that the renderer turns
 * into elements (never HTML), and links are kept only for http(s) addresses.
 */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker))
        body.push(lines[i++] ?? '');
      i++;
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (line.trim() === '' || RULE.test(line)) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = NUMBERED.test(line);
      const pattern = ordered ? NUMBERED : BULLET;
      const start = ordered ? Number(NUMBERED.exec(line)?.[1] ?? 1) : 1;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = pattern.exec(current);
        if (item) items.push(item[ordered ? 2 : 1] ?? '');
        else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        i++;
      }
      blocks.push({ type: 'list', ordered, start, items: items.map(parseInline) });
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? ''))
        quoted.push(QUOTE.exec(lines[i++] ?? '')?.[1] ?? '');
      blocks.push({ type: 'quote', children: parseInline(quoted.join(' ')) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && startsParagraphLine(lines[i] ?? '')) paragraph.push((lines[i++] ?? '').trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

function startsParagraphLine(line: string): boolean {
  return (
    line.trim() !== '' &&
    !FENCE.test(line) &&
    !HEADING.test(line) &&
    !BULLET.test(line) &&
    !NUMBERED.test(line) &&
    !QUOTE.test(line) &&
    !RULE.test(line)
  );
}

const SAFE_HREF = /^https?:\/\/[^\s<>"]+$/i;

/** Inline Markdown into spans; unmatched markers stay as text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const code = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest);
    if (code) {
      flush();
      out.push({ type: 'code', text: (code[2] ?? '').trim() });
      i += code[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong && (strong[1] === '**' || isBoundary(text, i, strong[0].length))) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[2] ?? '') });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?!\1)/.exec(rest);
    if (em && (em[1] === '*' || isBoundary(text, i, em[0].length))) {
      flush();
      out.push({ type: 'em', children: parseInline(em[2] ?? '') });
      i += em[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/.exec(rest);
    if (link) {
      const href = link[2] ?? '';
      flush();
      const children = parseInline(link[1] ?? '');
      if (SAFE_HREF.test(href)) out.push({ type: 'link', href, children });
      else out.push(...children);
      i += link[0].length;
      continue;
    }
    const bare = /^https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]]/i.exec(rest);
    if (bare && (i === 0 || /\s|\(/.test(text[i - 1] ?? ''))) {
      flush();
      out.push({ type: 'link', href: bare[0], children: [{ type: 'text', text: bare[0] }] });
      i += bare[0].length;
      continue;
    }
    plain += text[i];
    i++;
  }
  flush();
  return out;
}

/** `_` emphasis only between word boundaries, so snake_case names stay as they are. */
function isBoundary(text: string, start: number, length: number): boolean {
  const before = text[start - 1];
  const after = text[start + length];
  return (before === undefined || !/\w/.test(before)) && (after === undefined || !/\w/.test(after));
}
