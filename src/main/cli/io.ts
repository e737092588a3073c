import { createInterface } from 'node:readline/promises';

/** Exit codes of DESIGN.md §7. */
export const EXIT = { ok: 0, failed: 1, usage: 2, paused: 3 } as const;

/** What a command may touch of its process, passed in so commands stay testable in-process. */
export interface CliIo {
  out: (line: string) => void;
  error: (line: string) => void;
  readStdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** A person at a terminal can be asked on the spot. */
  interactive: boolean;
  prompt: (question: string) => Promise<string>;
}

export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`hermes-studio: ${line}\n`),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    prompt: async (question) => {
      const terminal = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await terminal.question(question);
      } finally {
        terminal.close();
      }
    },
  };
}
