import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { FakeModel } from '../../test/support/fake-model-server';
import { launchChromium } from './browser';
import type { Served } from './serve';

/** One browser per file; each test's scripted model and server are stopped after it. */
export function e2eSuite() {
  const context = {
    browser: undefined as unknown as Browser,
    model: undefined as FakeModel | undefined,
    served: undefined as Served | undefined,
  };
  beforeAll(async () => {
    context.browser = await launchChromium();
  });
  afterAll(async () => {
    await context.browser?.close();
  });
  afterEach(async () => {
    // Pages first: an open page holds the server's notice stream open.
    for (const open of context.browser?.contexts() ?? []) await open.close();
    await context.served?.stop();
    await context.model?.close();
    context.served = undefined;
    context.model = undefined;
  });
  return context;
}
