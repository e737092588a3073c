import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchCompression } from './compression';
import { benchContextShare } from './context-share';
import { benchGraphRender } from './graph-render';
import { benchKillResume } from './kill-resume';
import { benchLoopOverhead } from './loop-overhead';
import type { BenchResult } from './result';
import { benchStoreAppend } from './store-append';

/** `npm run bench`: every benchmark in one run on this machine, written to BENCHMARKS.md. */
const suites: { title: string; run: () => Promise<BenchResult[]> }[] = [
  { title: 'Event store: appends against raw better-sqlite3 inserts', run: benchStoreAppend },
  { title: 'Agent loop: overhead per round', run: benchLoopOverhead },
  { title: 'Context: peak share of the window over a long run', run: benchContextShare },
  { title: 'Context: observation compression and token counting', run: benchCompression },
  { title: 'Crash safety: runs killed at random moments and resumed', run: benchKillResume },
  { title: 'Renderer: run graph in Chromium', run: benchGraphRender },
];

function cell(result: BenchResult): string[] {
  return [
    result.name,
    `${result.value} ${result.unit}`,
    result.baseline ? `${result.baseline.name} = ${result.baseline.value}` : '',
    result.ratio !== undefined ? String(result.ratio) : '',
    result.goal ?? '',
    result.note ?? '',
  ];
}

const sections: string[] = [];
for (const suite of suites) {
  process.stdout.write(`${suite.title}…\n`);
  const results = await suite.run();
  for (const result of results)
    process.stdout.write(`  ${cell(result).slice(0, 5).filter(Boolean).join('  ')}\n`);
  const rows = results.map((r) => `| ${cell(r).join(' | ')} |`);
  sections.push(
    [
      `## ${suite.title}`,
      '',
      '| measure | value | baseline | ratio | goal | how |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  'BENCHMARKS.md',
  `# Benchmarks

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}). Each ratio compares
two figures measured in the same run on the same machine; absolute numbers vary with the machine's load.

${sections.join('\n\n')}
`,
);
process.stdout.write('wrote BENCHMARKS.md\n');
