import { clipLine, clipText, fitSections, formatNumber } from './compress-format';

const LEAD_CHARS = 1_000;
const SENTENCE_CHARS = 300;
// Sentences with conclusion words are all kept as candidates; those with only a number, the first so many.
const MAX_NUMBER_ONLY = 5_000;

const CONCLUSION =
  /\b(?:total|totals|totalled|sum|overall|in summary|summary|in conclusion|conclusion|concluded?|therefore|thus|results?|errors?|failed|failures?)\b/gi;
const DIGIT = /\d/g;
const SENTENCE_END = /[.!?]+(?=\s|$)|\n/g;

interface Candidate {
  score: number;
  start: number;
  stop: number;
}

/** Where the sentence around `index` starts: after the previous sentence end, at most a sentence's length back. */
function sentenceStart(text: string, index: number, floor: number): number {
  const limit = Math.max(floor, index - 2 * SENTENCE_CHARS);
  for (let i = index; i > limit; i--) {
    const ch = text.charCodeAt(i - 1);
    if (ch === 10) return i;
    // '.', '!' or '?' followed by whitespace
    if ((ch === 46 || ch === 33 || ch === 63) && /\s/.test(text[i] ?? '')) return i;
  }
  return limit;
}

/** Adds the sentence around each match of `pattern` after `from` with `score`, each sentence once. */
function collect(
  text: string,
  from: number,
  pattern: RegExp,
  score: number,
  limit: number,
  found: Map<number, Candidate>,
): void {
  const hits = new RegExp(pattern.source, pattern.flags);
  const ends = new RegExp(SENTENCE_END.source, 'g');
  let added = 0;
  hits.lastIndex = from;
  for (let hit = hits.exec(text); hit; hit = hits.exec(text)) {
    const start = sentenceStart(text, hit.index, from);
    ends.lastIndex = hit.index + hit[0].length;
    const end = ends.exec(text);
    const stop = end ? end.index + end[0].length : text.length;
    hits.lastIndex = stop;
    const existing = found.get(start);
    if (existing) existing.score += score;
    else if (added++ < limit) found.set(start, { score, start, stop });
  }
}

/** The leading part cut at a sentence or word boundary, so it does not end mid-word. */
function lead(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  if (sentence > max * 0.6) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return space > max * 0.6 ? cut.slice(0, space) : cut;
}

/**
 * The leading part, then the sentences that carry numbers or conclusions (totals, results, errors),
 * deduplicated, most telling first within the budget, shown in their original order.
 */
export function summarizeText(text: string, maxChars: number): string {
  const beginning = lead(text, Math.min(LEAD_CHARS, Math.floor(maxChars / 3)));
  const found = new Map<number, Candidate>();
  // Scanning for the telling words and digits, then taking the sentence around each hit, touches only
  // the sentences that matter; splitting 5 MB into every sentence first was the slow part.
  collect(text, beginning.length, CONCLUSION, 2, Number.POSITIVE_INFINITY, found);
  collect(text, beginning.length, DIGIT, 1, MAX_NUMBER_ONLY, found);
  const room = maxChars - beginning.length - 120;
  const seen = new Set<string>();
  const picked: { start: number; sentence: string }[] = [];
  let used = 0;
  // Only the sentences that may be shown are cut out and compared, which keeps the cost per candidate tiny.
  for (const candidate of [...found.values()].sort((a, b) => b.score - a.score || a.start - b.start)) {
    if (room - used < 30) break;
    const { start, stop } = candidate;
    const sentence = clipLine(
      text.slice(start, Math.min(stop, start + 2 * SENTENCE_CHARS)).trim(),
      SENTENCE_CHARS,
    );
    const key = sentence.toLowerCase().replace(/\s+/g, ' ');
    if (sentence.length < 3 || seen.has(key) || used + sentence.length + 5 > room) continue;
    seen.add(key);
    picked.push({ start, sentence });
    used += sentence.length + 5;
  }
  picked.sort((a, b) => a.start - b.start);
  const rest = text.length - beginning.length;
  const sections = [{ title: 'Beginning:', lines: [beginning.trimEnd()] }];
  if (rest > 0) {
    sections.push({
      title: picked.length
        ? `Sentences with numbers or conclusions from the remaining ${formatNumber(rest)} chars (${formatNumber(picked.length)} of ${formatNumber(found.size)} such):`
        : `The remaining ${formatNumber(rest)} chars have no sentences with numbers or conclusions.`,
      lines: picked.map((c) => `  - ${c.sentence}`),
    });
  }
  return clipText(fitSections(sections, maxChars), maxChars);
}
