import { z } from 'zod';
import { defineTool } from '../../src/main/tools/types';
import { isoDate, todayUtc } from './dates';

export const saveDailyReportTool = defineTool({
  name: 'save_daily_report',
  description:
    'Append a report (Markdown) to reports/<date>.md in the workspace, creating the file if needed. Each call adds to the end; earlier reports are kept.',
  parameters: z.object({
    content: z.string().min(1).describe('The report text, Markdown'),
    date: isoDate().optional().describe('Report date, YYYY-MM-DD (default: today, UTC)'),
  }),
  risk: 'write',
  timeoutMs: 10_000,
  idempotent: false,
  async execute({ content, date }, { workspace }) {
    const day = date ?? todayUtc();
    const text = content.endsWith('\n') ? content : `${content}\n`;
    const written = await workspace.writeText(`reports/${day}.md`, text, 'append');
    return { path: written.path, bytes_written: written.bytesWritten, date: day };
  },
});
