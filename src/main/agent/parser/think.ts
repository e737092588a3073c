import { ForwardSearch } from './text-search';

/** A reply split into what the model thought (inside think tags) and what it said. */
export interface ThinkingSplit {
  body: string;
  thought: string;
  /** The reply ended inside a thinking block. */
  unclosed: boolean;
}

const TAG_NAMES = ['think', 'thinking'] as const;

interface TagHit {
  index: number;
  length: number;
  name: string;
}

function findTag(
  lower: ForwardSearch,
  from: number,
  closing: boolean,
  names: readonly string[],
): TagHit | undefined {
  let best: TagHit | undefined;
  for (const name of names) {
    const tag = closing ? `</${name}>` : `<${name}>`;
    const index = lower.next(tag, from);
    if (index >= 0 && (best === undefined || index < best.index)) best = { index, length: tag.length, name };
  }
  return best;
}

/**
 * Separates `<think>…</think>` / `<thinking>…</thinking>` blocks from the reply. Also handles the
 * reply some chat templates produce, where the opening tag was part of the prompt and only `</think>`
 * appears: everything before it was thinking.
 */
export function splitThinking(text: string): ThinkingSplit {
  const lower = new ForwardSearch(text.toLowerCase());
  const thoughts: string[] = [];
  const bodyParts: string[] = [];
  let pos = 0;

  const firstOpen = findTag(lower, 0, false, TAG_NAMES);
  const firstClose = findTag(lower, 0, true, TAG_NAMES);
  if (firstClose !== undefined && (firstOpen === undefined || firstClose.index < firstOpen.index)) {
    thoughts.push(text.slice(0, firstClose.index));
    pos = firstClose.index + firstClose.length;
  }

  for (;;) {
    const open = findTag(lower, pos, false, TAG_NAMES);
    if (open === undefined) {
      bodyParts.push(text.slice(pos));
      break;
    }
    bodyParts.push(text.slice(pos, open.index));
    const innerStart = open.index + open.length;
    const close = findTag(lower, innerStart, true, [open.name]);
    if (close === undefined) {
      thoughts.push(text.slice(innerStart));
      return { body: bodyParts.join('').trim(), thought: joinThoughts(thoughts), unclosed: true };
    }
    thoughts.push(text.slice(innerStart, close.index));
    pos = close.index + close.length;
  }
  return { body: bodyParts.join('').trim(), thought: joinThoughts(thoughts), unclosed: false };
}

function joinThoughts(thoughts: string[]): string {
  return thoughts
    .map((thought) => thought.trim())
    .filter((thought) => thought !== '')
    .join('\n\n');
}
