/**
 * The data layer's seams (docs/decisions/0012, "The data layer"), read from the source: a
 * feature's rules, commands and reads import nothing from the JSON:API engine (only its routes,
 * resource definitions and request bodies do), space_ids is parsed in one mapper, a flag
 * column is decoded only by the mappers (src/crm/data/row-mappers.ts), and event_spaces has one
 * writer (src/crm/events/event.repository.ts). A file that does any of
 * these again fails here, naming itself.
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

/** Migrations are history: they keep the code they ran with. */
const files = sourceFiles('src').filter((file) => !file.startsWith('src/db/migrations/'));
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

const MAPPERS = 'src/crm/data/row-mappers.ts';

const parsesSpaceIds = (source: string) => /JSON\.parse\([^;]*?space_ids/.test(source);
const decodesFlags = (source: string) => source.includes('Boolean(Number(');

/** The modules a file imports, as paths from the repository's root. */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((m) =>
    path.posix.join(path.posix.dirname(file), m[1]!),
  );
}

/** A feature's door onto HTTP: its routes, resource definitions and request bodies. */
const isDoor = (file: string) => /(routes|resource|bodies)\.ts$/.test(file);

describe('the data layer', () => {
  it('recognizes what it refuses', () => {
    assert.ok(parsesSpaceIds('const ids = JSON.parse(event.space_ids) as string[];'));
    assert.ok(decodesFlags('shareable: Boolean(Number(row.shareable)),'));
    assert.deepEqual(importsOf('src/crm/x/y.ts', "import { a } from '../../api/etag.js';"), [
      'src/api/etag.js',
    ]);
  });

  it('keeps rules, commands and reads of src/crm from importing the JSON:API engine', () => {
    const offenders = files
      .filter((file) => file.startsWith('src/crm/') && !isDoor(file))
      .filter((file) => importsOf(file, text.get(file)!).some((target) => target.startsWith('src/api/')));
    assert.deepEqual(offenders, []);
  });

  it('parses space_ids in one mapper', () => {
    assert.ok(parsesSpaceIds(text.get(MAPPERS)!));
    const offenders = files.filter((file) => file !== MAPPERS && parsesSpaceIds(text.get(file)!));
    assert.deepEqual(offenders, []);
  });

  it('writes event_spaces in one repository (its one writer), and nowhere else', () => {
    const writesHolds = (source: string) =>
      /(insertInto|updateTable|deleteFrom)\('event_spaces'|insertInChunks\(\s*\w+,\s*'event_spaces'/.test(
        source,
      );
    assert.ok(writesHolds("await insertInChunks(\n trx,\n 'event_spaces', rows);"));
    const writer = 'src/crm/events/event.repository.ts';
    assert.ok(writesHolds(text.get(writer)!));
    const offenders = files.filter((file) => file !== writer && writesHolds(text.get(file)!));
    assert.deepEqual(offenders, []);
  });

  it('queries the database in no door but the sign-in sessions’ repository (src/web, src/csv, src/mcp)', () => {
    const queries = (source: string) =>
      /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(source);
    const listed = ['src/web/session/session.repository.ts'];
    const found = files.filter((file) => /^src\/(web|csv|mcp)\//.test(file) && queries(text.get(file)!));
    assert.deepEqual(found.sort(), listed);
  });

  it('decodes flag columns only in the mappers', () => {
    assert.ok(decodesFlags(text.get(MAPPERS)!));
    const offenders = files.filter((file) => file !== MAPPERS && decodesFlags(text.get(file)!));
    assert.deepEqual(offenders, []);
  });
});
