import { describe, expect, it } from 'vitest';
import { answer, call, TestLog } from '../../shared/graph/test-events';
import { transcriptOf } from './transcript';

describe('transcriptOf', () => {
  it('shows the task, one card per tool call with its status and duration, and the answer', () => {
    const log = new TestLog('r1').start('compare two weeks');
    const [a, b] = log.round(1, call('query_sales_data', { start_date: '2024-03-04' }), call('list_files'));
    log.started(1, a ?? '', 'query_sales_data').started(1, b ?? '', 'list_files');
    log.finished(1, a ?? '', 'query_sales_data').failed(1, b ?? '', 'list_files', 'no such folder');
    log.round(2, answer('**Up** 4%'));
    log.finish('succeeded', '**Up** 4%');

    const items = transcriptOf('r1', 'placeholder', log.events);
    expect(items.map((item) => item.kind)).toEqual(['user', 'tool', 'tool', 'answer']);
    expect(items[0]).toMatchObject({ text: 'compare two weeks' });
    expect(items[1]).toMatchObject({
      name: 'query_sales_data',
      args: 'start_date=2024-03-04',
      status: 'succeeded',
      durationMs: 12,
    });
    expect(items[2]).toMatchObject({ name: 'list_files', status: 'failed', error: 'no such folder' });
    expect(items[3]).toMatchObject({ text: '**Up** 4%' });
  });

  it('shows a question as open until answered, then the answer as the person’s reply', () => {
    const log = new TestLog('r2').start();
    log.question('h1', 'Which week?');
    expect(transcriptOf('r2', '', log.events).at(-1)).toMatchObject({
      kind: 'request',
      text: 'Which week?',
      open: true,
    });
    log.respond('h1', { answer: 'the first week of March' });
    const items = transcriptOf('r2', '', log.events);
    expect(items.at(-2)).toMatchObject({ kind: 'request', open: false });
    expect(items.at(-1)).toMatchObject({ kind: 'reply', text: 'the first week of March' });
  });

  it('marks a call waiting for approval, then denied with the reason', () => {
    const log = new TestLog('r3').start();
    const [id] = log.round(1, call('run_command', { command: 'ls' }));
    log.approval('h2', id ?? '', 'run_command');
    expect(transcriptOf('r3', '', log.events)[1]).toMatchObject({ kind: 'tool', status: 'waiting' });
    log.respond('h2', { decision: 'denied', reason: 'not here' });
    log.failed(1, id ?? '', 'run_command', 'denied: not here', 'denied');
    log.finish('failed', 'gave up');
    const items = transcriptOf('r3', '', log.events);
    expect(items[1]).toMatchObject({ kind: 'tool', status: 'denied' });
    expect(items.map((item) => item.kind)).toEqual(['user', 'tool', 'request', 'reply', 'failure']);
    expect(items.at(-2)).toMatchObject({ text: 'Denied: not here' });
    expect(items.at(-1)).toMatchObject({ text: 'gave up' });
  });
});
