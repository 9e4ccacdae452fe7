import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { Output } from './output.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface CommandContext {
  config: Config;
  values: ParsedValues;
  output: Output;
  json: boolean;
}

export interface Command {
  /** Words after `marquee`, e.g. `['orgs', 'create']`. */
  path: readonly string[];
  usage: string;
  summary: string;
  options: OptionSpec;
  run(context: CommandContext): Promise<void>;
}
