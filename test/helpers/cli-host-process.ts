/**
 * The process behind test/helpers/cli-host.ts: runs `marquee` commands one after another through
 * the CLI's own `main` (what bin/marquee.js runs), each with its own arguments and environment,
 * and answers with the exit code `main` returned and what the command wrote to standard output
 * and standard error.
 */
import { main } from '../../src/cli/main.js';

export interface HostRequest {
  id: number;
  args: string[];
  env: Record<string, string>;
}

export interface HostReply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
}

let stdout: Buffer[] = [];
let stderr: Buffer[] = [];

type WriteCallback = (error?: Error | null) => void;

/** Keeps what is written to `stream` (the command's output) instead of sending it on. */
function capture(stream: NodeJS.WriteStream, into: () => Buffer[]): void {
  stream.write = ((
    chunk: string | Uint8Array,
    encoding?: BufferEncoding | WriteCallback,
    callback?: WriteCallback,
  ) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const named = typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8';
    into().push(typeof chunk === 'string' ? Buffer.from(chunk, named) : Buffer.from(chunk));
    if (done) process.nextTick(done);
    return true;
  }) as typeof stream.write;
}

capture(process.stdout, () => stdout);
capture(process.stderr, () => stderr);

process.on('message', (message) => {
  const request = message as HostRequest;
  stdout = [];
  stderr = [];
  // bin/marquee.js would end with the error's stack and exit code 1 where `main` threw.
  main(request.args, request.env)
    .catch((error: unknown) => {
      stderr.push(Buffer.from(`${error instanceof Error ? error.stack : String(error)}\n`));
      return 1;
    })
    .then((code) => {
      const reply: HostReply = {
        id: request.id,
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      };
      process.send!(reply);
    })
    .catch(() => process.exit(1));
});

// The test file's process has ended: so does this one.
process.on('disconnect', () => process.exit(0));
