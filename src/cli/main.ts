/**
 * `marquee` — the command line (SPEC §3). Each command accepts `--json`; bad input is one line
 * on stderr with exit code 2, other failures exit 1.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { ApiError, InputError } from '../errors.js';
import type { Command } from './command.js';
import { integrationsCreateCommand } from './commands/integrations.js';
import {
  integrationsDeleteCommand,
  integrationsListCommand,
  integrationsRotateSecretCommand,
} from './commands/integrations-manage.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { migrateCommand } from './commands/migrate.js';
import { orgsCreateCommand, orgsListCommand } from './commands/orgs.js';
import { seedCommand } from './commands/seed.js';
import { serveCommand } from './commands/serve.js';
import { tokensPruneCommand } from './commands/tokens.js';
import { jobsFailedCommand, jobsRetryCommand } from './commands/jobs.js';
import { membersAddCommand, usersCreateCommand } from './commands/users.js';
import { membersRemoveCommand, usersSetPasswordCommand } from './commands/access.js';
import { createOutput, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './output.js';

export const COMMANDS: readonly Command[] = [
  serveCommand,
  migrateCommand,
  seedCommand,
  orgsCreateCommand,
  orgsListCommand,
  usersCreateCommand,
  usersSetPasswordCommand,
  membersAddCommand,
  membersRemoveCommand,
  integrationsCreateCommand,
  integrationsListCommand,
  integrationsDeleteCommand,
  integrationsRotateSecretCommand,
  tokensPruneCommand,
  jobsFailedCommand,
  jobsRetryCommand,
  importCommand,
  exportCommand,
];

function helpText(): string {
  const lines = COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`);
  return `Usage:\n${lines.join('\n')}\n\nConfiguration comes from environment variables; see the README.`;
}

function findCommand(argv: readonly string[]): Command | undefined {
  return COMMANDS.find((c) => c.path.every((word, i) => argv[i] === word));
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const json = argv.includes('--json');
  const output = createOutput(json);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${helpText()}\n`);
    return argv.length === 0 ? EXIT_USAGE : EXIT_OK;
  }
  const command = findCommand(argv);
  if (!command) {
    output.error(`unknown command "${argv.slice(0, 2).join(' ')}"; run "marquee help" for the list`);
    return EXIT_USAGE;
  }
  try {
    const { values, positionals } = parseArgs({
      args: argv.slice(command.path.length) as string[],
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      process.stdout.write(`${command.usage}\n  ${command.summary}\n`);
      return EXIT_OK;
    }
    const extra = positionals[command.positionals ?? 0];
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    await command.run({ config: loadConfig(env), values, positionals, output, json });
    return EXIT_OK;
  } catch (error) {
    return report(error, command, output);
  }
}

function report(error: unknown, command: Command, output: ReturnType<typeof createOutput>): number {
  if (error instanceof UsageError) {
    output.error(`${error.message}. Usage: ${command.usage}`);
    return EXIT_USAGE;
  }
  if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    output.error(`${argumentProblem(error as Error)}. Usage: ${command.usage}`);
    return EXIT_USAGE;
  }
  if (error instanceof ConfigError || error instanceof InputError) {
    output.error(error.message);
    return EXIT_USAGE;
  }
  if (error instanceof ApiError && error.status < 500) {
    output.error(error.detail);
    return EXIT_USAGE;
  }
  output.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
  return EXIT_FAILURE;
}

/** node:util parseArgs's messages, said shortly. */
function argumentProblem(error: Error): string {
  const unknown = /Unknown option '([^']+)'/.exec(error.message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /Option '(-[^' ]+)[^']*' argument missing/.exec(error.message);
  if (missing) return `${missing[1]} needs a value`;
  const unexpected = /Unexpected argument '([^']+)'/.exec(error.message);
  if (unexpected) return `unexpected argument "${unexpected[1]}"`;
  return error.message.split('.')[0] ?? error.message;
}
