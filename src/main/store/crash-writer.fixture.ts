/**
 * Run by crash.test.ts in a child process that the test kills with SIGKILL:
 * `node --import tsx crash-writer.fixture.ts <db file> <run id> <count> hold|churn`.
 * It prints `flushed <n>` once `n` events of the run are committed.
 * - hold: commits exactly `count` events, queues more, then blocks without ever flushing them.
 * - churn: keeps appending and flushing in small batches until it is killed.
 */
import fs from 'node:fs';
import { EventStore } from './event-store';
import { modelRequest, started } from './test-events';

const [file, runId, countText, mode] = process.argv.slice(2);
if (!file || !runId || !countText || (mode !== 'hold' && mode !== 'churn')) {
  throw new Error('usage: crash-writer.fixture.ts <db file> <run id> <count> hold|churn');
}
const count = Number(countText);
const store = EventStore.open(file);
store.append(runId, started());
let round = 1;
while (store.lastSeq(runId) < count) store.append(runId, modelRequest(round++));
store.flush();
fs.writeSync(1, `flushed ${count}\n`);

if (mode === 'hold') {
  for (let i = 0; i < 50; i++) store.append(runId, modelRequest(round++));
  // Block this thread without spinning, so the automatic flush never gets its turn.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
} else {
  for (;;) {
    for (let i = 0; i < 10; i++) store.append(runId, modelRequest(round++));
    store.flush();
  }
}
