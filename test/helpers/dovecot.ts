/**
 * A real IMAP server for the tests: Debian's Dovecot (package dovecot-imapd), started with a
 * private configuration in a temporary folder — its own port on 127.0.0.1, its own users with
 * plain passwords, its own maildirs — and stopped at the end. Mail arrives by IMAP APPEND, as a
 * mail program files a message. Where Dovecot is not installed, `startDovecot` says why and
 * answers undefined, so the tests that need it skip with that reason.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

const DOVECOT = '/usr/sbin/dovecot';
/** nobody:nogroup, who owns the maildirs. */
const MAIL_OWNER = 65534;

export interface ImapUser {
  user: string;
  password: string;
}

export class TestDovecot {
  readonly host = '127.0.0.1';
  constructor(
    readonly port: number,
    readonly dir: string,
    readonly users: ImapUser[],
    readonly child: ChildProcess,
  ) {}

  /** A logged-in client of the first user (or the one named), for APPEND and checks. */
  async client(user: ImapUser = this.users[0]!): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: this.host,
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: user.user, pass: user.password },
      logger: false,
    });
    await client.connect();
    return client;
  }

  /** Files a raw RFC 5322 message in a folder, as a mail program does (IMAP APPEND). */
  async append(raw: string, folder = 'INBOX', user?: ImapUser): Promise<void> {
    const client = await this.client(user);
    try {
      if (folder !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined);
      await client.append(folder, raw, ['\\Seen']);
    } finally {
      await client.logout();
    }
  }

  /** Dovecot's own log, for a failing test's message. */
  log(): Promise<string> {
    return readFile(join(this.dir, 'dovecot.log'), 'utf8').catch(() => '');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Why Dovecot cannot run here, or undefined when it can. */
export function dovecotMissing(): string | undefined {
  if (!existsSync(DOVECOT)) return `Dovecot is not installed (${DOVECOT}; apt-get install dovecot-imapd)`;
  if (process.getuid?.() !== 0) return 'Dovecot with a private configuration needs root here';
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Dovecot with users `venue` (the venue's mailbox) and `other`, each with a password, or
 * answers undefined (with the reason printed) where it cannot run.
 */
export async function startDovecot(
  users: ImapUser[] = [
    { user: 'venue', password: 'imap-pass-7c21' },
    { user: 'other', password: 'imap-pass-other' },
  ],
): Promise<TestDovecot | undefined> {
  const missing = dovecotMissing();
  if (missing) {
    console.log(`# skipping: ${missing}`);
    return undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'marquee-dovecot-'));
  // Dovecot's auth process runs as its own user: it must reach the users file.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'run'));
  await mkdir(join(dir, 'state'));
  await mkdir(join(dir, 'mail'));
  // Dovecot never reads mail as root: the maildirs belong to nobody.
  await chown(join(dir, 'mail'), MAIL_OWNER, MAIL_OWNER);
  await writeFile(join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.password}::::::\n`).join(''), {
    mode: 0o644,
  });
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const conf = [
      'protocols = imap',
      `listen = 127.0.0.1`,
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      'auth_failure_delay = 0',
      `mail_location = maildir:${dir}/mail/%u`,
      `mail_uid = ${MAIL_OWNER}`,
      `mail_gid = ${MAIL_OWNER}`,
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/users\n}`,
      `userdb {\n  driver = static\n  args = home=${dir}/mail/%u\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
      'service stats {\n  unix_listener stats-reader {\n    mode = 0600\n  }\n  unix_listener stats-writer {\n    mode = 0600\n  }\n}',
      'namespace inbox {\n  inbox = yes\n  mailbox Sent {\n    special_use = \\Sent\n    auto = create\n  }\n}',
      '',
    ].join('\n');
    await writeFile(join(dir, 'dovecot.conf'), conf);
    const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const server = new TestDovecot(port, dir, users, child);
    for (let i = 0; i < 100 && child.exitCode === null; i += 1) {
      if (await answers(port)) return server;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = await server.log();
    child.kill('SIGKILL');
    if (attempt >= 2) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`Dovecot did not start: ${output}\n${log}`);
    }
  }
}
