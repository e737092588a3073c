import { z } from 'zod';
import { defineTool } from '../../src/main/tools/types';
import { isoDate } from './dates';
import { querySales, SALES_CATEGORIES, SALES_FIRST_DATE, SALES_LAST_DATE } from './sales-data';

export const querySalesDataTool = defineTool({
  name: 'query_sales_data',
  description: `Daily sales rows (date, category, units, amount) from the demo store between two dates, inclusive, with their total amount. Data covers ${SALES_FIRST_DATE} to ${SALES_LAST_DATE}; categories: ${SALES_CATEGORIES.join(', ')}.`,
  parameters: z
    .object({
      start_date: isoDate().describe('First day, YYYY-MM-DD, e.g. 2024-03-01'),
      end_date: isoDate().describe('Last day (inclusive), YYYY-MM-DD, not before start_date'),
      category: z.enum(SALES_CATEGORIES).optional().describe('Only this category (default: all)'),
    })
    .refine((args) => args.start_date <= args.end_date, {
      message: 'end_date must not be before start_date',
      path: ['end_date'],
      // Compare only two valid dates; a malformed one already has its own message.
      when: (payload) => payload.issues.length === 0,
    }),
  risk: 'read',
  timeoutMs: 10_000,
  idempotent: true,
  async execute({ start_date, end_date, category }) {
    if (end_date < SALES_FIRST_DATE || start_date > SALES_LAST_DATE) {
      throw new Error(
        `there is no sales data between ${start_date} and ${end_date}; the data covers ${SALES_FIRST_DATE} to ${SALES_LAST_DATE}`,
      );
    }
    const { rows, totalAmount } = querySales(start_date, end_date, category);
    return { rows, row_count: rows.length, total_amount: totalAmount };
  },
});
