import { z } from 'zod';

/** A calendar date written YYYY-MM-DD (impossible days such as 2024-02-30 are refused). */
export function isoDate() {
  return z.iso.date({ error: 'expected a date like 2024-01-31' });
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
