import { z } from 'zod';
import { defineTool } from '../../src/main/tools/types';

/** Rounds half away from zero to 2 decimals; the epsilon keeps 1.005 from rounding down in binary. */
export function roundTo2(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 * (1 + Number.EPSILON))) / 100;
}

export const calcGrowthRateTool = defineTool({
  name: 'calc_growth_rate',
  description:
    'Growth from a previous value to a current one, in percent rounded to 2 decimals: (current - previous) / |previous| * 100.',
  parameters: z.object({
    current: z.number().describe('The current value, e.g. this month’s total'),
    previous: z.number().describe('The earlier value to compare against; must not be 0'),
  }),
  risk: 'read',
  timeoutMs: 5_000,
  idempotent: true,
  async execute({ current, previous }) {
    if (previous === 0) {
      throw new Error(
        'previous is 0, so a growth rate is undefined; compare against a non-zero earlier value',
      );
    }
    return { growth_rate: roundTo2(((current - previous) / Math.abs(previous)) * 100) };
  },
});
