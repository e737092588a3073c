import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// DESIGN.md §1: which part of src/ may import what. Checked from folder names and import specifiers only.

type Layer = 'shared' | 'renderer' | 'preload' | 'main/app' | 'main' | 'other';

interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const RENDERER_PACKAGES = ['react', 'react-dom', 'zustand', '@xyflow/react', 'zod'];
const NODE_BUILTINS = new Set(builtinModules);

function layerOf(srcRoot: string, file: string): Layer {
  const [top, next] = path.relative(srcRoot, file).split(path.sep);
  if (top === 'shared' || top === 'renderer' || top === 'preload') return top;
  if (top === 'main') return next === 'app' ? 'main/app' : 'main';
  return 'other';
}

/** Comments removed, string literals kept, so commented-out imports do not count. */
function withoutComments(source: string): string {
  return source.replace(
    /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
    (_match, literal: string | undefined) => literal ?? ' ',
  );
}

/** Every module specifier in static imports, re-exports, dynamic imports and require calls. */
function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const patterns = [
    /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?(['"])([^'"\n]+)\1/g,
    /(?:^|[^\w$.'"`])import\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
    /(?:^|[^\w$.'"`])require\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[2] ?? ''));
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(packageName(specifier));
}

/** The rule an import breaks, or undefined when it is allowed. */
function brokenRule(
  from: Layer,
  specifier: string,
  target: Layer | 'outside' | undefined,
  isTest: boolean,
): string | undefined {
  const isElectron = packageName(specifier) === 'electron';
  if (target === undefined) {
    // Tests run under Node and are never bundled: any package will do, but not Electron outside main/app.
    if (isTest)
      return isElectron && from !== 'main/app' && from !== 'preload'
        ? "only src/main/app may import 'electron'"
        : undefined;
    if (from === 'shared' && packageName(specifier) !== 'zod') {
      return 'src/shared may import only zod and src/shared (no Node, DOM or other packages)';
    }
    if (
      from === 'renderer' &&
      (isNodeBuiltin(specifier) || !RENDERER_PACKAGES.includes(packageName(specifier)))
    ) {
      return `src/renderer may import only src/shared, its own files and ${RENDERER_PACKAGES.join(', ')}`;
    }
    if (from === 'preload')
      return isElectron ? undefined : "src/preload may import only src/shared and 'electron'";
    if (from !== 'main/app' && isElectron) return "only src/main/app may import 'electron'";
    return undefined;
  }
  const allowed: Record<Layer, readonly (Layer | 'outside')[]> = {
    shared: ['shared'],
    renderer: ['renderer', 'shared'],
    preload: ['preload', 'shared'],
    'main/app': ['main/app', 'main', 'shared', 'outside'],
    // Importing main/app would pull 'electron' in with it.
    main: ['main', 'shared', 'outside'],
    other: ['other', 'main', 'shared', 'outside'],
  };
  if (allowed[from].includes(target)) return undefined;
  return `src/${from} may not import from ${target === 'outside' ? 'outside src' : `src/${target}`}`;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE_FILE.test(entry.name) ? [full] : [];
  });
}

/** Checks every source file under `srcRoot` against DESIGN.md §1. */
function checkImportBoundaries(srcRoot: string): { files: string[]; violations: Violation[] } {
  const files = sourceFiles(srcRoot);
  const violations = files.flatMap((file) => {
    const from = layerOf(srcRoot, file);
    return importSpecifiers(fs.readFileSync(file, 'utf8')).flatMap((specifier) => {
      const resolved = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined;
      const target =
        resolved === undefined
          ? undefined
          : isInside(srcRoot, resolved)
            ? layerOf(srcRoot, resolved)
            : 'outside';
      const rule = brokenRule(from, specifier, target, TEST_FILE.test(file));
      return rule ? [{ file: path.relative(path.dirname(srcRoot), file), specifier, rule }] : [];
    });
  });
  return { files, violations };
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function report(violations: Violation[]): string[] {
  return violations.map(({ file, specifier, rule }) => `${file} imports '${specifier}': ${rule}`);
}

describe('import boundaries (DESIGN.md §1)', () => {
  it('hold across src/', () => {
    const srcRoot = path.resolve(import.meta.dirname, '..', 'src');
    const { files, violations } = checkImportBoundaries(srcRoot);
    const layers = new Set(files.map((file) => layerOf(srcRoot, file)));
    expect([...layers].sort()).toEqual(
      expect.arrayContaining(['main', 'main/app', 'preload', 'renderer', 'shared']),
    );
    expect(report(violations)).toEqual([]);
  });

  describe('the checker', () => {
    let fixture: string | undefined;
    afterEach(() => {
      if (fixture) fs.rmSync(fixture, { recursive: true, force: true });
      fixture = undefined;
    });

    function writeTree(files: Record<string, string>): string {
      fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-boundaries-'));
      for (const [name, content] of Object.entries(files)) {
        const full = path.join(fixture, 'src', name);
        fs.mkdirSync(path.dirname(full), { recursive: true });
        fs.writeFileSync(full, content);
      }
      return path.join(fixture, 'src');
    }

    it('reports each broken rule with file and import', () => {
      const srcRoot = writeTree({
        'shared/ok.ts': "import { z } from 'zod';\nimport type { X } from './other';\n",
        'shared/bad.ts': "import fs from 'node:fs';\nexport { y } from '../main/store/y';\n",
        'renderer/View.tsx': [
          "import { useState } from 'react';",
          'import {',
          '  EventStore,',
          "} from '../main/store/event-store';",
          "// import { shell } from 'electron';",
          "const lazy = () => import('node:path');",
        ].join('\n'),
        'renderer/View.test.ts': "import { it } from 'vitest';\nimport { x } from '../main/store/x';\n",
        'preload/index.ts': "import { contextBridge } from 'electron';\nimport { z } from 'zod';\n",
        'main/store/db.ts': "import { app } from 'electron';\nimport Database from 'better-sqlite3';\n",
        'main/runs/uses-app.ts': "import { createMainWindow } from '../app/window';\n",
        'main/app/index.ts': "import { app } from 'electron';\nimport { EventStore } from '../store/db';\n",
      });
      const { violations } = checkImportBoundaries(srcRoot);
      expect(violations.map(({ file, specifier }) => `${file} ${specifier}`).sort()).toEqual([
        'src/main/runs/uses-app.ts ../app/window',
        'src/main/store/db.ts electron',
        'src/preload/index.ts zod',
        'src/renderer/View.test.ts ../main/store/x',
        'src/renderer/View.tsx ../main/store/event-store',
        'src/renderer/View.tsx node:path',
        'src/shared/bad.ts ../main/store/y',
        'src/shared/bad.ts node:fs',
      ]);
      expect(report(violations)).toContain(
        "src/main/store/db.ts imports 'electron': only src/main/app may import 'electron'",
      );
    });

    it('reads every kind of import specifier', () => {
      const source = [
        "import a from 'a';",
        "import 'side-effect';",
        "import * as b from 'b';",
        "import c, { d as e } from 'c';",
        "import type { F } from 'f';",
        "export * from 'g';",
        "export { h } from 'h';",
        "const i = await import('i');",
        "const j = require('j');",
        'const notAnImport = \'import x from "k"\';',
        "/* import l from 'l'; */",
      ].join('\n');
      expect(importSpecifiers(source)).toEqual(['a', 'side-effect', 'b', 'c', 'f', 'g', 'h', 'i', 'j']);
    });
  });
});
