/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), the same on every machine. For demo data,
 * fuzz tests and benchmarks that must repeat exactly; never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
