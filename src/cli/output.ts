/**
 * CLI output (SPEC §3): with `--json`, exactly one JSON object on stdout; otherwise readable
 * `key: value` lines. Refusals are one line on stderr: exit 2 for usage and bad input, 1 for failures.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface Output {
  result(object: Record<string, unknown>): void;
  line(text: string): void;
  error(text: string): void;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ') || '(none)';
  if (value === null || value === undefined) return '(none)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function createOutput(json: boolean, stdout = process.stdout, stderr = process.stderr): Output {
  return {
    result(object) {
      if (json) {
        stdout.write(`${JSON.stringify(object)}\n`);
        return;
      }
      const width = Math.max(...Object.keys(object).map((k) => k.length));
      for (const [key, value] of Object.entries(object))
        stdout.write(`${`${key}:`.padEnd(width + 2)}${describe(value)}\n`);
    },
    line(text) {
      if (!json) stdout.write(`${text}\n`);
    },
    error(text) {
      stderr.write(`marquee: ${text.replace(/\s*\n\s*/g, ' ')}\n`);
    },
  };
}
