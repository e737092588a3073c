import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { PRODUCTION_CSP } from './src/main/app/csp';

const root = import.meta.dirname;
const from = (file: string) => path.join(root, file);

/** The built page carries its Content-Security-Policy itself: a file:// page gets no response headers. */
function cspMetaTag(): Plugin {
  return {
    name: 'hermes-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: PRODUCTION_CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: from('src/main/app/index.ts'),
          // The tool host starts this file as a worker thread, so it must exist beside index.js.
          'tool-worker': from('src/main/tools/tool-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload is a single CommonJS script that may require only 'electron': bundle everything.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: from('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: from('src/renderer'),
    plugins: [react(), cspMetaTag()],
    build: {
      minify: true,
      rolldownOptions: { input: { index: from('src/renderer/index.html') } },
    },
  },
});
