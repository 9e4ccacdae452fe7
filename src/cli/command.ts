import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { Output } from './output.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface CommandContext {
  config: Config;
  values: ParsedValues;
  /** Arguments that are not options (only for commands that take them). */
  positionals: readonly string[];
  output: Output;
  json: boolean;
}

export interface Command {
  /** Words after `marquee`, e.g. `['orgs', 'create']`. */
  path: readonly string[];
  usage: string;
  summary: string;
  options: OptionSpec;
  /** How many plain arguments the command takes (none unless said). */
  positionals?: number;
  run(context: CommandContext): Promise<void>;
}
