/** Runs `marquee` as a real child process, the way an operator does. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const MARQUEE_BIN = path.resolve('bin/marquee.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  input?: string,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [MARQUEE_BIN, ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

export function parseJsonOutput(result: CliResult): Record<string, unknown> {
  const lines = result.stdout.trim().split('\n');
  if (lines.length !== 1)
    throw new Error(`expected one line of JSON, got:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

export interface RunningServer {
  url: string;
  info: Record<string, unknown>;
  process: ChildProcess;
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Servers still running; a test that fails before stopping its server does not leave it behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `marquee serve --json` on an ephemeral port and waits until it listens. */
export async function startServer(
  env: Record<string, string>,
  extraArgs: readonly string[] = [],
): Promise<RunningServer> {
  const child = spawn(process.execPath, [MARQUEE_BIN, 'serve', '--json', ...extraArgs], {
    env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${stderr}`));
    });
  });
  const info = JSON.parse(first) as Record<string, unknown>;
  return {
    url: String(info.url),
    info,
    process: child,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
