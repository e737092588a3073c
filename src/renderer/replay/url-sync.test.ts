import { describe, expect, it } from 'vitest';
import { createReplayStore } from './replay-store';
import { type AddressBar, bindReplayToAddress } from './url-sync';

function addressBar(hash: string): AddressBar & { urls: string[] } {
  const bar = {
    urls: [] as string[],
    location: { hash, pathname: '/index.html', search: '?token=t' },
    history: {
      state: null,
      replaceState(_data: unknown, _unused: string, url: string) {
        bar.urls.push(url);
        bar.location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
      },
    },
  };
  return bar;
}

describe('replay in the address', () => {
  it('opens the run and step the address names, then mirrors each change', () => {
    const store = createReplayStore();
    const bar = addressBar('#run=r1&step=4');
    const stop = bindReplayToAddress(bar, store);
    expect([store.getState().runId, store.getState().step]).toEqual(['r1', 4]);
    store.getState().stepBy(1, 10);
    store.getState().goTo(undefined, 10);
    store.getState().openRun('r2', 2);
    stop();
    store.getState().stepBy(1, 10);
    expect(bar.urls).toEqual([
      '/index.html?token=t#run=r1&step=5',
      '/index.html?token=t#run=r1',
      '/index.html?token=t#run=r2&step=2',
    ]);
  });
});
