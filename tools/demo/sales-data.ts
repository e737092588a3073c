/** The bundled demo sales data: one row per day and category for 2024, the same on every load. */
export const SALES_CATEGORIES = ['electronics', 'clothing', 'groceries', 'home'] as const;

import { seededRandom } from '../../src/shared/seeded-random';
export type SalesCategory = (typeof SALES_CATEGORIES)[number];

export interface SalesRow {
  date: string;
  category: SalesCategory;
  units: number;
  amount: number;
}

export const SALES_FIRST_DATE = '2024-01-01';
export const SALES_LAST_DATE = '2024-12-31';

const SEED = 20_240_101;
const DAY_MS = 86_400_000;

/** Average unit price, units per day, weekend multiplier, and the day of year sales peak. */
const PROFILES: Record<SalesCategory, { price: number; units: number; weekend: number; peakDay: number }> = {
  electronics: { price: 189.5, units: 42, weekend: 1.35, peakDay: 330 },
  clothing: { price: 38.9, units: 160, weekend: 1.5, peakDay: 100 },
  groceries: { price: 6.75, units: 900, weekend: 1.2, peakDay: 355 },
  home: { price: 54.25, units: 75, weekend: 1.4, peakDay: 150 },
};

function generate(): SalesRow[] {
  const random = seededRandom(SEED);
  const rows: SalesRow[] = [];
  const first = Date.parse(`${SALES_FIRST_DATE}T00:00:00Z`);
  const last = Date.parse(`${SALES_LAST_DATE}T00:00:00Z`);
  for (let time = first, dayOfYear = 0; time <= last; time += DAY_MS, dayOfYear++) {
    const day = new Date(time);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    for (const category of SALES_CATEGORIES) {
      const profile = PROFILES[category];
      const season = 1 + 0.3 * Math.cos((2 * Math.PI * (dayOfYear - profile.peakDay)) / 366);
      const noise = 0.8 + 0.4 * random();
      const units = Math.max(1, Math.round(profile.units * season * (weekend ? profile.weekend : 1) * noise));
      const cents = Math.round(units * profile.price * (0.95 + 0.1 * random()) * 100);
      rows.push({ date: day.toISOString().slice(0, 10), category, units, amount: cents / 100 });
    }
  }
  return rows;
}

export const SALES_ROWS: readonly SalesRow[] = generate();

/** Rows with start <= date <= end (and the category, if given), and their total rounded to cents. */
export function querySales(
  start: string,
  end: string,
  category?: SalesCategory,
): { rows: SalesRow[]; totalAmount: number } {
  const rows = SALES_ROWS.filter(
    (row) => row.date >= start && row.date <= end && (category === undefined || row.category === category),
  );
  const cents = rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  return { rows, totalAmount: cents / 100 };
}
