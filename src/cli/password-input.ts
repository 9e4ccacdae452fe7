/**
 * Passwords on the command line: `--password P`, or `--password-stdin` to read it from standard
 * input, so it stays out of shell history and the process list (`printf %s "$P" | marquee …`).
 */
import type { OptionSpec, ParsedValues } from './command.js';
import { UsageError } from './output.js';

export const passwordOption: OptionSpec = {
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function readPassword(values: ParsedValues): Promise<string> {
  const given = values.password;
  const fromStdin = values['password-stdin'] === true;
  if (typeof given === 'string' && fromStdin)
    throw new UsageError('give --password or --password-stdin, not both');
  if (fromStdin) return (await readStdin()).replace(/\r?\n$/, '');
  if (typeof given === 'string' && given !== '') return given;
  throw new UsageError('--password (or --password-stdin) is required');
}
