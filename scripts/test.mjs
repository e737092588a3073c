#!/usr/bin/env node
// `npm test`: every check in order — typecheck, lint, build, then unit + integration tests — ending
// with one plain `N passed, N failed` line that CI reads. Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const results = 'test-results/vitest.json';
const stages = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['build', 'npx', ['electron-vite', 'build']],
  [
    'tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`],
  ],
];

mkdirSync('test-results', { recursive: true });
let failedStage;
for (const [name, command, args] of stages) {
  const started = Date.now();
  process.stdout.write(`\n== ${name} ==\n`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  process.stdout.write(
    `== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  if (status !== 0) {
    failedStage = name;
    break;
  }
}

let passed = 0;
let failed = failedStage && failedStage !== 'tests' ? 1 : 0;
if (existsSync(results) && (!failedStage || failedStage === 'tests')) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  failed += report.numFailedTests;
  if (failedStage === 'tests' && report.numFailedTests === 0) failed += 1;
}
if (failedStage) process.stdout.write(`\nfailed at: ${failedStage}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failedStage ? 1 : 0);
