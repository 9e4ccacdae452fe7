/**
 * Every write on an organization's data goes through the unit of work (docs/decisions/0006-the-write-seam.md),
 * read from the source: a statement that inserts, updates or deletes rows of an organization's
 * table runs on the transaction a command was given (`trx`, typed `Trx`, never the database
 * handle), in a file that opens no transaction of its own. So the only way to hold such a
 * transaction is the unit of work's (or the job runner's, for a job's bookkeeping). What stays
 * outside on purpose is named below, table by table, with its reason; a new write elsewhere fails
 * here, naming its file, table and the handle it writes with. A raw SQL write is found only in the
 * files listed for it. The indirect ways round are closed too: a transaction is opened only in the
 * files named for it (none for an organization's data), and a function given the database
 * (`Db`, or `Db | Trx`) writes an organization's table only where that table is kept outside on
 * purpose, so no caller can hand such a function the database and write past the unit of work.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Tables that are no organization's data: sign-in, OAuth's own state, the server's secrets, jobs. */
const INFRASTRUCTURE_TABLES = new Set([
  'sessions',
  'users',
  'password_links',
  'oauth_codes',
  'oauth_grants',
  'oauth_tokens',
  'app_secrets',
  'jobs',
  'idempotency_keys',
]);

/** Writes on an organization's tables kept outside the unit of work on purpose (0006), by file. */
const OUTSIDE_ON_PURPOSE: Record<string, readonly string[]> = {
  // Stamps of a credential's use, written by a read, at most once a minute where clients poll.
  'src/api-keys/presented-api-key.ts': ['api_keys'],
  'src/calendar/calendar-feeds.ts': ['calendar_feeds'],
  'src/crm/documents/document-links.ts': ['document_links'],
  // Statements compiled once (their builder's handle), run on the command's transaction; pruning.
  'src/changes/change.repository.ts': ['changes'],
  'src/crm/notes/note.repository.ts': ['notes'],
  // The making of an organization (sign-up, the command line, the demo venue): no organization,
  // no lock row and no actor in it exist yet.
  'src/identity/organization.repository.ts': ['organizations'],
  'src/crm/pipelines/default-pipeline.ts': ['pipelines', 'stages'],
  'src/crm/email-templates/default-email-templates.ts': ['email_templates'],
  'src/crm/automations/shipped-automations.ts': ['automations'],
  'src/demo/seed-demo.ts': [
    'organizations',
    'spaces',
    'space_parts',
    'event_types',
    'booking_spaces',
    'events',
    'booking_references',
    'notes',
  ],
  // The outbox queue (queued by commands in their transaction) and its pruning.
  'src/mail/outbox.ts': ['outgoing_mail', 'outgoing_mail_attachments'],
  // Where the reading of a venue's mailbox got to.
  'src/mail/inbound/mailbox-folder.ts': ['mailbox_folders'],
  // Assistants that registered themselves belong to no organization.
  'src/oauth/registration/registered-clients.ts': ['integrations'],
};

/**
 * The only files with raw SQL writes, each on its caller's transaction: changes in bulk, the
 * generic record writer, a custom field's values converted in bulk, and the search indexes.
 */
const RAW_SQL_WRITERS = [
  'src/changes/record-changes-in-bulk.ts',
  'src/crm/custom-fields/custom-field-store.ts',
  'src/crm/records.ts',
  'src/db/search-index.ts',
  'src/db/search-keys.ts',
];

export interface Write {
  table: string;
  /** The handle the statement is built on (`trx`, `work.trx`, `db`…). */
  handle: string;
}

/**
 * The only files that open a transaction of their own, each for what is no organization's data, or
 * for the making of an organization: the unit of work itself is not read here (src/writes/).
 */
const OPEN_TRANSACTIONS = [
  // The SQLite drivers and the grouping of commits under the unit of work.
  'src/db/group-commit.ts',
  'src/db/sqlite-driver.ts',
  'src/db/sqlite-long-write-driver.ts',
  // The making of an organization and of the demo venue: no organization, lock row or actor yet.
  'src/demo/seed-demo.ts',
  'src/identity/organization.repository.ts',
  // Sign-in, sign-up and password links: users and sessions.
  'src/identity/account-access.ts',
  'src/identity/identity.service.ts',
  'src/identity/password-links.ts',
  'src/identity/password-reset.ts',
  // The job runner: claiming, finishing and retrying jobs; a job's writes run through the unit of work.
  'src/jobs/job.repository.ts',
  'src/jobs/runner.ts',
  'src/jobs/shared-transaction.ts',
  // OAuth's codes, grants and tokens, and assistants that registered themselves.
  'src/oauth/grants/authorization-code.ts',
  'src/oauth/grants/refresh-token.ts',
  'src/oauth/registration/registered-clients.ts',
];

/**
 * The writes made on a handle a function was given as the database (`Db`, or `Db | Trx`): such a
 * function writes wherever its caller says, so it could write outside the unit of work from a
 * file that holds no write of its own. `file: table (handle)` each, function by function.
 */
export function looseWritesIn(file: string, source: string): string[] {
  const functions = source.split(/\n(?=(?:export\s+)?(?:async\s+)?(?:function\b|const\b|class\b))/);
  return functions.flatMap((body) => {
    const loose = new Set(
      [...body.matchAll(/\b(\w+)\??:\s*(?:Db\s*\|\s*Trx|Trx\s*\|\s*Db|Db|Kysely<Database>)\b/g)].map(
        (m) => m[1]!,
      ),
    );
    const written = writesOf(body)
      .filter(({ table, handle }) => !INFRASTRUCTURE_TABLES.has(table) && loose.has(handle.split('.').pop()!))
      .map(({ table, handle }) => `${file}: ${table} (${handle})`);
    const raw = rawSqlWrite(body)
      ? [...body.matchAll(/\.execute\((\w+)\)/g)]
          .filter((m) => loose.has(m[1]!))
          .map((m) => `${file}: raw SQL (${m[1]})`)
      : [];
    return [...written, ...raw];
  });
}

/** The writes of a source file: Kysely's insert, update and delete, and multi-row inserts. */
export function writesOf(source: string): Write[] {
  const built = [...source.matchAll(/([\w.]+)\s*\.(?:insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g)].map(
    (m) => ({ handle: m[1]!, table: m[2]! }),
  );
  const chunked = [...source.matchAll(/insertInChunks\(\s*([\w.]+),\s*'(\w+)'/g)].map((m) => ({
    handle: m[1]!,
    table: m[2]!,
  }));
  return [...built, ...chunked];
}

const opensTransaction = (source: string) =>
  /\.transaction\(\)|startTransaction\(|inTransaction\(/.test(source);
const rawSqlWrite = (source: string) =>
  /sql(?:\.raw\(\s*)?`\s*(?:insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(source);
const givenTransaction = (handle: string) => handle === 'trx' || handle === 'work.trx';

/** Why a file's writes do not go through the unit of work: `file: table (handle)` each. */
export function offendersIn(file: string, source: string): string[] {
  const kept = OUTSIDE_ON_PURPOSE[file] ?? [];
  return writesOf(source)
    .filter(({ table }) => !INFRASTRUCTURE_TABLES.has(table) && !kept.includes(table))
    .filter(({ handle }) => !givenTransaction(handle) || opensTransaction(source))
    .map(
      ({ table, handle }) =>
        `${file}: ${table} (${handle}${opensTransaction(source) ? ', own transaction' : ''})`,
    );
}

/** The unit of work itself, and history. */
const checked = sourceFiles('src').filter(
  (file) => !file.startsWith('src/writes/') && !file.startsWith('src/db/migrations/'),
);
const text = new Map(checked.map((file) => [file, readFileSync(file, 'utf8')]));

describe('writes on organization data', () => {
  it('recognizes what it refuses', () => {
    assert.deepEqual(writesOf("await db\n    .updateTable('api_keys')\n    .set({})"), [
      { handle: 'db', table: 'api_keys' },
    ]);
    assert.deepEqual(writesOf("await insertInChunks(trx, 'events', events, 25);"), [
      { handle: 'trx', table: 'events' },
    ]);
    assert.deepEqual(offendersIn('src/x/y.ts', "await db.insertInto('accounts').values(row).execute();"), [
      'src/x/y.ts: accounts (db)',
    ]);
    assert.deepEqual(
      offendersIn(
        'src/x/y.ts',
        "return db.transaction().execute(async (trx) => {\n  await trx\n    .updateTable('outgoing_mail')",
      ),
      ['src/x/y.ts: outgoing_mail (trx, own transaction)'],
    );
    // On the transaction a command was given: through the unit of work.
    assert.deepEqual(
      offendersIn('src/x/y.ts', "await trx.deleteFrom('notes').where('id', '=', id).execute();"),
      [],
    );
    assert.deepEqual(
      offendersIn('src/x/y.ts', "await work.trx.insertInto('tasks').values(row).execute();"),
      [],
    );
    // Infrastructure is not an organization's data.
    assert.deepEqual(offendersIn('src/x/y.ts', "await db.deleteFrom('sessions').where('id', '=', id)"), []);
    assert.ok(rawSqlWrite('await sql`insert into changes (id) values (${id})`.execute(trx);'));
    assert.ok(rawSqlWrite('const result = await sql`delete from ${sql.table(table)}'));
    assert.ok(!rawSqlWrite('await sql`select 1`.execute(db);'));
  });

  it('finds the writes it reads', () => {
    const writes = checked.flatMap((file) => writesOf(text.get(file)!));
    assert.ok(writes.length > 100, `${writes.length} writes`);
  });

  it('writes an organization’s tables only on the transaction a command was given', () => {
    const offenders = checked.flatMap((file) => offendersIn(file, text.get(file)!));
    assert.deepEqual(offenders, []);
  });

  it('keeps outside the unit of work only what it names, each still there', () => {
    const stale = Object.entries(OUTSIDE_ON_PURPOSE).flatMap(([file, tables]) => {
      const found = new Set(writesOf(text.get(file) ?? '').map((w) => w.table));
      return tables.filter((table) => !found.has(table)).map((table) => `${file}: ${table}`);
    });
    assert.deepEqual(stale, []);
  });

  it('opens a transaction of its own only where it says', () => {
    const found = checked.filter((file) => opensTransaction(text.get(file)!));
    assert.deepEqual(found.sort(), [...OPEN_TRANSACTIONS].sort());
  });

  it('writes through a handle given as the database only what it keeps outside on purpose', () => {
    assert.deepEqual(
      looseWritesIn(
        'src/x/y.ts',
        "export async function f(db: Db | Trx) {\n  await db.insertInto('accounts').values(row);\n}",
      ),
      ['src/x/y.ts: accounts (db)'],
    );
    assert.deepEqual(
      looseWritesIn(
        'src/x/y.ts',
        "export async function f(trx: Trx) {\n  await trx.insertInto('accounts').values(row);\n}",
      ),
      [],
    );
    const loose = checked
      .flatMap((file) => looseWritesIn(file, text.get(file)!))
      .filter((line) => {
        const [file, rest] = line.split(': ');
        return !(OUTSIDE_ON_PURPOSE[file!] ?? []).includes(rest!.split(' ')[0]!);
      });
    assert.deepEqual(loose, []);
  });

  it('makes a membership only by the team’s command, or in making an organization', () => {
    // The repository's insert takes any transaction: only the team's `addMember` (which the command
    // line's `members add` and `users create` run as the operator) and the demo venue's making call it.
    const callers = checked.filter((file) => /\binsertMembership\(/.test(text.get(file)!));
    assert.deepEqual(callers.sort(), [
      'src/demo/seed-demo.ts',
      'src/identity/membership.repository.ts',
      'src/identity/team.commands.ts',
    ]);
  });

  it('writes raw SQL only where it says', () => {
    const found = checked.filter((file) => rawSqlWrite(text.get(file)!));
    assert.deepEqual(found.sort(), RAW_SQL_WRITERS);
  });
});
