import type { ToolDefinition } from '../src/main/tools/types';
import { calcGrowthRateTool } from './demo/calc-growth-rate';
import { querySalesDataTool } from './demo/query-sales-data';
import { saveDailyReportTool } from './demo/save-daily-report';
import { httpGetTool } from './http-get';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { recallTool } from './recall';
import { runCommandTool } from './run-command';
import { searchFilesTool } from './search-files';
import { writeFileTool } from './write-file';

/** Every built-in tool, imported explicitly so the list bundles. */
export const builtinTools: ToolDefinition[] = [
  readFileTool,
  writeFileTool,
  listFilesTool,
  searchFilesTool,
  httpGetTool,
  runCommandTool,
  querySalesDataTool,
  calcGrowthRateTool,
  saveDailyReportTool,
  recallTool,
];
