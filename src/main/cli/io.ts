/** Exit codes of DESIGN.md §7. */
export const EXIT = { ok: 0, failed: 1, usage: 2, paused: 3 } as const;

/** What a command may touch of its process, passed in so commands stay testable in-process. */
export interface CliIo {
  out: (line: string) => void;
  error: (line: string) => void;
  readStdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
  cwd: string;
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
  };
}
