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

export const processOutput: CliOutput = {
  json: (value) => process.stdout.write(`${JSON.stringify(value)}\n`),
  line: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
};
