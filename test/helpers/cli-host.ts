/**
 * `marquee` commands run one after another in one long-lived child process per test file
 * (test/helpers/cli-host-process.ts), through the same `main` as bin/marquee.js, on the same
 * databases, with the same arguments, environment, exit code, standard output and standard error
 * as runCli (test/helpers/processes.ts). Starting Node and loading the CLI took most of each
 * command's time; the import and export tests run a few hundred commands. What only a process of
 * its own shows — that the command exits by itself, reads standard input, or is judged by its
 * memory — stays with runCli and the tests that use it (test/cli/, csv-usage, import-size-limit,
 * import-memory).
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { HostReply, HostRequest } from './cli-host-process.js';
import type { CliResult } from './processes.js';

const HOST_SCRIPT = fileURLToPath(new URL('./cli-host-process.js', import.meta.url));
/** As runCli's: a command that takes longer has hung. */
const TIMEOUT_MS = 60_000;

let host: ChildProcess | undefined;
let hostStderr = '';
let nextId = 0;
const waiting = new Map<number, { resolve: (result: CliResult) => void; reject: (error: Error) => void }>();
/** One command at a time: each one's output is captured on its own. */
let queue: Promise<unknown> = Promise.resolve();

process.once('exit', () => host?.kill('SIGKILL'));

function started(): ChildProcess {
  if (host) return host;
  hostStderr = '';
  const child = fork(HOST_SCRIPT, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
  child.stderr?.on('data', (chunk: Buffer) => (hostStderr += chunk.toString()));
  child.on('message', (message) => {
    const reply = message as HostReply;
    waiting.get(reply.id)?.resolve(reply);
  });
  child.once('exit', (code, signal) => {
    if (host === child) host = undefined;
    const ended = new Error(`the CLI host ended (${signal ?? code}) during a command:\n${hostStderr}`);
    for (const call of waiting.values()) call.reject(ended);
  });
  // Idle, it keeps no test file's process alive.
  child.unref();
  child.channel?.unref();
  (child.stderr as Socket | null)?.unref();
  host = child;
  return child;
}

function send(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  const child = started();
  const id = nextId++;
  const request: HostRequest = { id, args: [...args], env: { ...process.env, LOG_LEVEL: 'warn', ...env } };
  return new Promise<CliResult>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    const settled = () => {
      clearTimeout(timer);
      waiting.delete(id);
      if (waiting.size === 0) child.channel?.unref();
    };
    waiting.set(id, {
      resolve: ({ code, stdout, stderr }) => {
        settled();
        resolve({ code, stdout, stderr });
      },
      reject: (error) => {
        settled();
        reject(late ? new Error(`marquee ${args.join(' ')} took more than ${TIMEOUT_MS / 1000} s`) : error);
      },
    });
    child.channel?.ref();
    child.send(request);
  });
}

/** Runs `marquee args` in this file's CLI host; the same result as runCli for the same call. */
export function runCliHosted(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  const result = queue.then(() => send(args, env));
  queue = result.catch(() => undefined);
  return result;
}
