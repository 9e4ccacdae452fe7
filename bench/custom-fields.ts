/**
 * How to keep custom fields' values (SPEC §19, docs/decisions/0020-custom-fields.md): a JSON
 * column on the record with an expression index per select or number field, or a table of values
 * (one row per record and field). 100,000 bookings of one organization (and 10,000 of another)
 * with 20 fields each (5 selects of 5 options, 5 numbers, 10 texts; one value in ten unset); two
 * questions asked of each: a select field's filter (a page of 25 in created_at order) and a sort by
 * a number field (unset values last, ties by id). Each timed 7 times after a warm-up; the median.
 * Not run by the tests:
 *   npx tsc -p tsconfig.json && node dist/bench/custom-fields.js [postgres://…]
 * With a PostgreSQL URL it runs there too, in a schema of its own that it drops afterwards.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { random } from './seed-events.js';
import { type Value, valuesOf } from './custom-field-values.js';

const BOOKINGS = 100_000;
const OTHERS = 10_000;
const ORG = 'org_a';

function json(values: Value[]): string {
  return JSON.stringify(
    Object.fromEntries(values.map((v) => [v.key, v.number === null ? v.text : String(v.number)])),
  );
}

function* rows() {
  const next = random(19);
  for (let i = 0; i < BOOKINGS + OTHERS; i++) {
    const id = `b${String(i).padStart(7, '0')}`;
    const created = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
    yield { id, org: i < BOOKINGS ? ORG : 'org_b', created, values: valuesOf(next) };
  }
}

async function median(run: () => Promise<unknown> | unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[3]! * 10) / 10;
}

type Ask = (text: string, values: unknown[]) => Promise<unknown[]> | unknown[];

/** The four questions, each as SQL of the dialect; `expr(key)` a JSON value, `num(key)` as a number. */
async function ask(
  ask: Ask,
  expr: (key: string) => string,
  num: (key: string) => string,
  p: (n: number) => string,
): Promise<Record<string, number>> {
  const filterJson = `select * from cf_bookings where organization_id = ${p(1)} and ${expr('s0')} = ${p(2)} order by created_at desc, id desc limit 26`;
  const filterTable = `select * from cf_bookings where organization_id = ${p(1)} and id in (select record_id from cf_values where organization_id = ${p(1)} and field_key = 's0' and text_value = ${p(2)}) order by created_at desc, id desc limit 26`;
  const sortJson = `select * from cf_bookings where organization_id = ${p(1)} order by (${num('n0')}) is null, ${num('n0')}, id limit 26`;
  // Set values in the index's order, then (only when they run out) the unset ones by id.
  const sortSetFirst = `select * from cf_bookings where organization_id = ${p(1)} and ${num('n0')} is not null order by ${num('n0')}, id limit 26`;
  const sortTable = `select b.* from cf_bookings b left join cf_values v on v.organization_id = b.organization_id and v.record_id = b.id and v.field_key = 'n0' where b.organization_id = ${p(1)} order by v.number_value is null, v.number_value, b.id limit 26`;
  const rows = (await ask(filterJson, [ORG, 'o2'])).length + (await ask(filterTable, [ORG, 'o2'])).length;
  if (rows !== 52) throw new Error(`The filters found ${rows} rows, not 2 × 26.`);
  return {
    'select filter, JSON column': await median(() => ask(filterJson, [ORG, 'o2'])),
    'select filter, values table': await median(() => ask(filterTable, [ORG, 'o2'])),
    'number sort, JSON column': await median(() => ask(sortJson, [ORG])),
    'number sort, JSON column, set values first': await median(() => ask(sortSetFirst, [ORG])),
    'number sort, values table': await median(() => ask(sortTable, [ORG])),
  };
}

async function sqlite(): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cf-bench-'));
  try {
    const db = new Sqlite(path.join(dir, 'bench.db'));
    db.pragma('journal_mode = WAL');
    db.exec(`create table cf_bookings (id text primary key, organization_id text not null, created_at text not null, custom_fields text not null default '{}');
      create index cf_bookings_created on cf_bookings (organization_id, created_at, id);
      create table cf_values (organization_id text not null, record_id text not null, field_key text not null, text_value text, number_value real, primary key (record_id, field_key));
      create index cf_values_text on cf_values (organization_id, field_key, text_value, record_id);
      create index cf_values_number on cf_values (organization_id, field_key, number_value, record_id);`);
    const booking = db.prepare('insert into cf_bookings values (?, ?, ?, ?)');
    const value = db.prepare('insert into cf_values values (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const row of rows()) {
        booking.run(row.id, row.org, row.created, json(row.values));
        for (const v of row.values) value.run(row.org, row.id, v.key, v.text, v.number);
      }
    })();
    const expr = (key: string) => `json_extract(custom_fields, '$.${key}')`;
    const num = (key: string) => `cast(json_extract(custom_fields, '$.${key}') as real)`;
    db.exec(`create index cf_s0 on cf_bookings (organization_id, ${expr('s0')}, id);
      create index cf_n0 on cf_bookings (organization_id, ${num('n0')}, id); analyze;`);
    return await ask(
      (text, values) => db.prepare(text).all(Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]))),
      expr,
      num,
      (n) => `@p${n}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists cf_bench cascade; create schema cf_bench; set search_path = cf_bench',
    );
    await client.query(`create table cf_bookings (id text primary key, organization_id text not null, created_at text not null, custom_fields text not null default '{}');
      create index cf_bookings_created on cf_bookings (organization_id, created_at, id);
      create table cf_values (organization_id text not null, record_id text not null, field_key text not null, text_value text, number_value numeric, primary key (record_id, field_key));
      create index cf_values_text on cf_values (organization_id, field_key, text_value, record_id);
      create index cf_values_number on cf_values (organization_id, field_key, number_value, record_id);`);
    let batch: ReturnType<typeof rows> extends Generator<infer R> ? R[] : never = [];
    const flush = async () => {
      const values = batch.flatMap((r) => r.values.map((v) => ({ ...v, org: r.org, id: r.id })));
      await client.query(
        'insert into cf_bookings select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])',
        [
          batch.map((r) => r.id),
          batch.map((r) => r.org),
          batch.map((r) => r.created),
          batch.map((r) => json(r.values)),
        ],
      );
      await client.query(
        'insert into cf_values select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[])',
        [
          values.map((v) => v.org),
          values.map((v) => v.id),
          values.map((v) => v.key),
          values.map((v) => v.text),
          values.map((v) => v.number),
        ],
      );
      batch = [];
    };
    for (const row of rows()) {
      batch.push(row);
      if (batch.length === 5000) await flush();
    }
    await flush();
    const expr = (key: string) => `(custom_fields::jsonb ->> '${key}')`;
    const num = (key: string) => `((custom_fields::jsonb ->> '${key}')::numeric)`;
    await client.query(`create index cf_s0 on cf_bookings (organization_id, ${expr('s0')}, id);
      create index cf_n0 on cf_bookings (organization_id, ${num('n0')}, id); analyze;`);
    return await ask(
      async (text, values) => (await client.query(text, values)).rows as unknown[],
      expr,
      num,
      (n) => `$${n}`,
    );
  } finally {
    await client.query('drop schema if exists cf_bench cascade');
    await client.end();
  }
}

const results: Record<string, Record<string, number>> = { SQLite: await sqlite() };
const url = process.argv[2];
if (url) results.PostgreSQL = await postgres(url);
console.log(`${BOOKINGS} bookings × 20 fields, median ms of 7:`);
console.table(results);
