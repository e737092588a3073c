#!/usr/bin/env node
// `npm test`: every check in order — typecheck, lint, build, unit + integration tests, then the
// end-to-end tests in Chromium — ending with one plain `N passed, N failed` line that CI reads.
// Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = { tests: 'test-results/vitest.json', e2e: 'test-results/vitest-e2e.json' };
const vitest = (config, report) => [
  'vitest',
  'run',
  ...(config ? ['--config', config] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const stages = [
  ['typecheck', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['biome', 'check', '.']],
  ['build', ['electron-vite', 'build']],
  ['tests', vitest(undefined, reports.tests)],
  ['e2e', vitest('vitest.e2e.config.ts', reports.e2e)],
];

mkdirSync('test-results', { recursive: true });
for (const report of Object.values(reports)) rmSync(report, { force: true });
let failedStage;
for (const [name, args] of stages) {
  const started = Date.now();
  process.stdout.write(`\n== ${name} ==\n`);
  const { status } = spawnSync('npx', args, { stdio: 'inherit' });
  process.stdout.write(
    `== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  if (status !== 0) {
    failedStage = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const report of Object.values(reports)) {
  if (!existsSync(report)) continue;
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
}
// A stage that failed without a failing test (typecheck, lint, build, a crash) still counts as a failure.
if (failedStage && failed === 0) failed = 1;
if (failedStage) process.stdout.write(`\nfailed at: ${failedStage}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failedStage ? 1 : 0);
