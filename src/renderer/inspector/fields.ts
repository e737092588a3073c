/** Readers for the inspector's view of `GraphNode.data`, whose fields are typed `unknown`. */
export type Data = Record<string, unknown>;

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function record(value: unknown): Data | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : undefined;
}

export function records(value: unknown): Data[] {
  return Array.isArray(value) ? value.map(record).filter((item): item is Data => item !== undefined) : [];
}
