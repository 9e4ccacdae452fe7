/**
 * The venue's mailbox (SPEC §17) against a real IMAP server (Debian's Dovecot, started as the
 * tests start it: test/helpers/dovecot.ts), in this process once the measured rounds are over:
 * - the first reading of a mailbox holding BENCH_MAILBOX_MESSAGES (10,000) messages: how long it
 *   takes (goal: under 5 minutes), the longest the event loop was held meanwhile (goal: 50 ms)
 *   and how much the process's resident memory grew;
 * - then, with the reader watching the mailbox (IMAP IDLE) as `serve` does, the time from a
 *   message's APPEND to its row, five times (goal: under 5 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createOrganization } from '../src/identity/identity.service.js';
import { JobRunner } from '../src/jobs/runner.js';
import { mailboxReadHandler } from '../src/mail/inbound/mailbox-jobs.js';
import { MailboxReader } from '../src/mail/inbound/mailbox-reader.js';
import { saveMailbox } from '../src/mail/inbound/mailbox-store.js';
import { dovecotMissing, startDovecot } from '../test/helpers/dovecot.js';
import { missedGoals } from './row-verdict.js';

const MESSAGES = Number(process.env.BENCH_MAILBOX_MESSAGES ?? 10_000);
const IDLE_SAMPLES = 5;
const SCHEMA = 'marquee_bench_mail';
const PASSWORD = 'bench-imap-pass';

/** A client's message of about a kilobyte, as a mail program writes it. */
function message(n: number, id: string): string {
  const words = 'Could we see the menu, the evening plan and the room for the speeches? '.repeat(12);
  return [
    `From: Client ${n} <client${n}@bench.example>`,
    'To: events@bench.example',
    `Subject: Our event, question ${n}`,
    'Date: Tue, 01 Dec 2026 10:00:00 +0000',
    `Message-ID: <${id}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    words,
    '',
  ].join('\r\n');
}

async function databaseFor(dialect: 'sqlite' | 'postgres') {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-mail-'));
    return { handle: openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true }) };
  }
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${SCHEMA},public`);
  const drop = async () => {
    const again = new pg.Client({ connectionString: base });
    await again.connect();
    await again.query(`drop schema if exists ${SCHEMA} cascade`);
    await again.end();
  };
  return { handle: openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() }), drop };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mailbox rows of one database, as lines of docs/performance.md. */
export async function measureMailbox(
  dialect: 'sqlite' | 'postgres',
): Promise<{ lines: string[]; failures: string[] }> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const missing = dovecotMissing();
  if (missing) return { lines: [`- The mailbox rows — ${label}: not measured (${missing}).`], failures: [] };
  const dovecot = await startDovecot([{ user: 'venue', password: PASSWORD }]);
  if (!dovecot) {
    const line = `- The mailbox rows — ${label}: not measured (Dovecot did not start).`;
    return { lines: [line], failures: [line.slice(2)] };
  }
  const { handle, drop } = await databaseFor(dialect);
  const reader = { current: undefined as MailboxReader | undefined };
  let runner: JobRunner | undefined;
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const organization = await createOrganization(db, 'Mailbox venue');
    const settings = {
      host: dovecot.host,
      port: dovecot.port,
      tls: 'none' as const,
      username: 'venue',
      password: PASSWORD,
      folders: ['INBOX'],
      address: 'events@bench.example',
      plus_addressing: true,
    };
    await db.transaction().execute((trx) => saveMailbox(trx, organization.id, settings, Date.now()));
    const client = await dovecot.client();
    for (let n = 0; n < MESSAGES; n++) await client.append('INBOX', message(n, `first-${n}@bench.example`));
    await client.logout();

    const options = {
      db,
      writer: { db, clock: systemClock },
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      allowPrivateNetworks: true,
      sending: false,
    };
    reader.current = new MailboxReader(options);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
    loop.enable();
    const started = performance.now();
    const outcome = await reader.current.readOne(organization.id);
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    clearInterval(sampler);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

    // Watching, as in `serve`: the reader idles on the mailbox between rounds, and IDLE's word of
    // a new message queues its reading for the job runner beside it (src/jobs/built-in.ts).
    runner = new JobRunner({
      writer: options.writer,
      logger: options.logger,
      handlers: [mailboxReadHandler(reader.current)],
      retrySchedule: [5],
    });
    runner.start();
    reader.current.start();
    for (let i = 0; i < 300 && reader.current.watching === 0; i++) await sleep(100);
    const latencies: number[] = [];
    for (let n = 0; n < IDLE_SAMPLES; n++) {
      const id = `idle-${n}@bench.example`;
      await dovecot.append(message(MESSAGES + n, id));
      const appended = performance.now();
      for (let i = 0; i < 3000; i++) {
        const row = await db
          .selectFrom('messages')
          .select('id')
          .where('organization_id', '=', organization.id)
          .where('message_id', '=', id)
          .executeTakeFirst();
        if (row) break;
        await sleep(10);
      }
      latencies.push(Math.round(performance.now() - appended));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const failures = missedGoals([
      {
        row: `The first reading of a mailbox — ${label}`,
        measured: Math.round(seconds),
        under: 300,
        unit: 's',
      },
      {
        row: `The first reading of a mailbox — ${label}, the event loop`,
        measured: Math.round(loop.max / 1e5) / 10,
        under: 50,
        unit: 'ms',
      },
      {
        row: `A message's APPEND to its row — ${label}`,
        measured: sorted[sorted.length - 1]!,
        under: 5000,
        unit: 'ms',
      },
    ]);
    const lines = [
      `- The first reading of a mailbox of ${outcome.seen.toLocaleString('en')} messages (real Dovecot, IMAP on 127.0.0.1; bench/mailbox-loads.ts) — ${label}: ${outcome.filed.toLocaleString('en')} filed in ${seconds.toFixed(1)} s (${Math.round(outcome.filed / seconds)} a second); the event loop held at most ${Math.round(loop.max / 1e5) / 10} ms (p99 ${Math.round(loop.percentile(99) / 1e5) / 10} ms); resident memory ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at most.`,
      `- A message's APPEND to its row, the reader watching the mailbox (IDLE) — ${label}: median ${sorted[Math.floor(sorted.length / 2)]} ms, longest ${sorted[sorted.length - 1]} ms of ${IDLE_SAMPLES}.`,
    ];
    return { lines, failures };
  } finally {
    await reader.current?.stop();
    await runner?.stop();
    await handle.close();
    await dovecot.stop();
    await drop();
  }
}
