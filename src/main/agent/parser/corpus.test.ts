import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AssistantMessage, type Decision, decisionSchema } from '../../../shared/decision';
import { parseDecisions } from './index';

/** One real-world-shaped model output and the decisions it must become. */
interface CorpusEntry {
  name: string;
  model: string;
  source: string;
  toolNames?: string[];
  input: AssistantMessage;
  expected: Decision[];
}

const corpusDir = fileURLToPath(new URL('./corpus', import.meta.url));
const files = readdirSync(corpusDir).filter((file) => file.endsWith('.json'));

function load(file: string): CorpusEntry[] {
  return JSON.parse(readFileSync(path.join(corpusDir, file), 'utf8')) as CorpusEntry[];
}

/**
 * type, toolName, arguments, callId and source must match exactly (absent means absent); content
 * too, except an invalid decision's excerpt, which is checked by inclusion; reason by inclusion.
 */
function expectMatches(actual: Decision, expected: Decision): void {
  expect(actual.type).toBe(expected.type);
  expect(actual.toolName).toEqual(expected.toolName);
  expect(actual.arguments).toEqual(expected.arguments);
  expect(actual.callId).toEqual(expected.callId);
  expect(actual.source).toEqual(expected.source);
  if (expected.type !== 'invalid') expect(actual.content).toEqual(expected.content);
  else if (expected.content !== undefined) expect(actual.content).toContain(expected.content);
  if (expected.reason !== undefined) expect(actual.reason).toContain(expected.reason);
}

describe('the corpus of model outputs', () => {
  it('holds at least 60 entries, each naming its model family and a source', () => {
    const entries = files.flatMap(load);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const entry of entries) {
      expect(entry.model.length, entry.name).toBeGreaterThan(0);
      expect(entry.source.length, entry.name).toBeGreaterThan(0);
      expect(entry.expected.length, entry.name).toBeGreaterThan(0);
    }
  });

  for (const file of files) {
    describe(file, () => {
      for (const entry of load(file)) {
        it(entry.name, () => {
          const decisions = parseDecisions(entry.input, { toolNames: entry.toolNames });
          for (const decision of decisions) expect(decisionSchema.safeParse(decision).success).toBe(true);
          expect(decisions.map((decision) => decision.type)).toEqual(
            entry.expected.map((decision) => decision.type),
          );
          entry.expected.forEach((expected, index) => {
            expectMatches(decisions[index] as Decision, expected);
          });
        });
      }
    });
  }
});
