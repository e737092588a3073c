/**
 * `indexOf` for scans that only move forward. Looking up the next closing tag from every opening
 * tag rescans the rest of the text each time the tag is absent, which is quadratic on a large reply
 * full of openers; remembering each needle's last hit keeps every scan linear.
 */
export class ForwardSearch {
  private readonly hits = new Map<string, { from: number; index: number }>();

  constructor(readonly text: string) {}

  /** The first index of `needle` at or after `from`, or -1. `from` must not go backwards per needle. */
  next(needle: string, from: number): number {
    const hit = this.hits.get(needle);
    if (hit !== undefined && from >= hit.from && (hit.index < 0 || hit.index >= from)) return hit.index;
    const index = this.text.indexOf(needle, from);
    this.hits.set(needle, { from, index });
    return index;
  }
}
