#!/usr/bin/env node
// The CLI runs from the TypeScript sources through tsx, so a checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main/cli/main.ts');
const code = await main(process.argv.slice(2));
process.exitCode = code;
// Everything is flushed and closed by now; an idle keep-alive socket must not hold the exit up.
setTimeout(() => process.exit(code), 500).unref();
