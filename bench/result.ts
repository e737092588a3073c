/** One measured number from a benchmark, optionally compared with a baseline measured in the same run. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** value / baseline.value */
  ratio?: number;
  /** What the number should reach, in words (e.g. "ratio ≥ 0.5"). */
  goal?: string;
  note?: string;
}
