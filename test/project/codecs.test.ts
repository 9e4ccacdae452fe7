/**
 * A kind's codec is the only place a column is parsed or coerced
 * (docs/decisions/0017-faces-codecs-and-fields.md), read from the source. PostgreSQL hands bigint
 * and numeric over as text, so a row's numbers are coerced — in a codec, once, and nowhere else.
 * A file that coerces a row (`Number(row.…)`, `Number(r.…)`, `Number(row[…])`), coerces a query's
 * count (`Number(x.n)`, `Number(x.count)`) or parses a row's JSON (`JSON.parse(row.…)`) outside
 * a codec fails here, naming itself.
 *
 * A codec file is, narrowly:
 * - a kind's value and codec in its folder, `src/crm/<kind>/<name>.value.ts`, or a codec file
 *   `<name>.codec.ts` (in a kind's folder, or beside the repository outside src/crm whose rows it
 *   decodes: the one reader of its table);
 * - the decoders every codec builds on, `src/crm/data/field-codec.ts` and `row-mappers.ts`;
 * - `src/db/`, where the driver's values are made the same on both databases. A query's aggregates
 *   (count(*), sum, max) are coerced there (`src/db/aggregates.ts`: `countOf`, `withAggregates`),
 *   in the query's own function: an aggregate belongs to no kind's row, and the driver's type of
 *   it (bigint, numeric) is what needs the coercion.
 * Migrations are history: they keep the code they ran with.
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

const files = sourceFiles('src').filter((file) => !file.startsWith('src/db/migrations/'));
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

const isCodec = (file: string) =>
  /^src\/crm\/[a-z-]+\/[a-z-]+\.value\.ts$/.test(file) ||
  file.endsWith('.codec.ts') ||
  file === 'src/crm/data/field-codec.ts' ||
  file === 'src/crm/data/row-mappers.ts' ||
  file.startsWith('src/db/');

/** A row's column coerced, or a query's count. */
const COERCION = /\bNumber\(\s*(?:row|r)\s*(?:\??\.|\[)|\bNumber\(\s*[\w.?]+\.(?:n|count)\s*\)/g;
/** A row's JSON column parsed. */
const DECODE = /\bJSON\.parse\(\s*(?:row|r)\s*(?:\??\.|\[)/g;

const count = (pattern: RegExp, source: string) => source.match(pattern)?.length ?? 0;

describe('the codecs', () => {
  it('recognizes what it refuses, and what a codec file is', () => {
    for (const coerced of [
      'amount: Number(row.amount),',
      'return Number(row?.last_number ?? 0);',
      'forBeo: Number(r.for_beo) === 1,',
      'value: Number(row[column]),',
      'if (Number(admins.n) <= 1) {',
      'const count = Number(used.count);',
    ])
      assert.equal(count(COERCION, coerced), 1, coerced);
    assert.equal(count(COERCION, 'port: Number(values.port),'), 0);
    assert.equal(count(DECODE, 'to: JSON.parse(row.to_list) as Mailbox[],'), 1);
    assert.equal(count(DECODE, 'const kept = JSON.parse(currentColumn);'), 0);
    assert.ok(isCodec('src/crm/contacts/contact.value.ts'));
    assert.ok(isCodec('src/crm/pricing/line-item.codec.ts'));
    assert.ok(isCodec('src/db/aggregates.ts'));
    assert.ok(!isCodec('src/crm/pricing/line-item.resource.ts'));
    assert.ok(!isCodec('src/web/workspace/settings/venue.page.ts'));
  });

  it('coerces a row’s columns and a query’s counts in codecs alone', () => {
    const offenders = files
      .filter((file) => !isCodec(file))
      .filter((file) => count(COERCION, text.get(file)!) > 0)
      .map((file) => `${file}: ${count(COERCION, text.get(file)!)}`);
    assert.deepEqual(offenders, []);
  });

  it('parses a row’s JSON in codecs alone', () => {
    const offenders = files
      .filter((file) => !isCodec(file))
      .filter((file) => count(DECODE, text.get(file)!) > 0)
      .map((file) => `${file}: ${count(DECODE, text.get(file)!)}`);
    assert.deepEqual(offenders, []);
  });
});
