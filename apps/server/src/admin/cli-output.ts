// Output of the admin commands: JSON lines on stdout (scriptable), messages on stderr.

export interface CliOutput {
  json(value: unknown): void;
  line(text: string): void;
  error(text: string): void;
}

/** Wrong arguments: the command prints usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where the output goes: process.stdout and process.stderr, or a test's buffers. */
export interface Writer {
  write(text: string): unknown;
}

export function writerOutput(stdout: Writer, stderr: Writer): CliOutput {
  return {
    json: (value) => stdout.write(`${JSON.stringify(value)}\n`),
    line: (text) => stdout.write(`${text}\n`),
    error: (text) => stderr.write(`${text}\n`),
  };
}
