/**
 * A write refused is a value the command returns (docs/decisions/0006-the-write-seam.md), read
 * from the source: no file of src/crm throws an error of the API with a 4xx status (an ApiError,
 * or a class built on one) where the rules refuse a write; it returns `refuse({…})`, or the
 * Refusal an error states (`Refusal.from`), and its callers hand it on. The doors
 * (`*.routes.ts`) may still throw what HTTP parsing refuses before any command runs, and the few
 * files below throw for reasons of their own, each told. And there is one refusal: `refuse` and
 * `Refusal` are each defined once in src, in src/writes/refusal.ts. A command that runs another
 * reads what it returns, and hands its refusal on. A file that throws a refusal again, or leaves
 * an inner command's outcome unread, fails here, naming itself.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Folders of src/crm whose throws are not refusals of a write. */
const ALLOWED_FOLDERS: Record<string, string> = {
  // The read side: a list's cursor or a search that cannot be read is a 400 or 429 of the request
  // that reads, and no write is refused.
  'src/crm/data/': 'read-side request errors',
};

/** Files of src/crm that may throw these errors, and the classes each may throw, with why. */
const ALLOWED: Record<string, { classes: readonly string[]; why: string }> = {
  // A report's query parameters are read before the report is: a 400 of the read, no write.
  'src/crm/reports/reports.ts': { classes: ['BadParametersError'], why: 'read-side parameters' },
  // The conditional write under every command (updateRecord, deleteRecord): the row is no longer
  // the version its command read. A command finds the version it changes under the
  // organization's lock, so only a write under a shared lock can meet this; the unit of work
  // makes it the command's refusal (refusalOf), as the callers of these helpers are many.
  'src/crm/records.ts': { classes: ['PreconditionFailedError'], why: 'a row changed meanwhile' },
};

const apiErrorClasses = (() => {
  const files = sourceFiles('src');
  const declared = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/class (\w+) extends (\w+)/g)].map((m) => ({
      name: m[1]!,
      base: m[2]!,
    })),
  );
  const classes = new Set(['ApiError']);
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, base } of declared) {
      if (classes.has(base) && !classes.has(name)) {
        classes.add(name);
        grew = true;
      }
    }
  }
  return classes;
})();

/**
 * The errors of the API `text` throws (`throw new ConflictError(`), by class; an invariant's
 * `throw new Error(` and arithmetic's RangeError are not among them, not being errors of the API.
 */
function thrownApiErrors(text: string): string[] {
  return [...text.matchAll(/\bthrow\s+new\s+(\w+)\s*\(/g)]
    .map((m) => m[1]!)
    .filter((name) => apiErrorClasses.has(name));
}

it('knows the errors of the API it looks for', () => {
  for (const name of [
    'ApiError',
    'ValidationError',
    'ConflictError',
    'NotFoundError',
    'PreconditionFailedError',
    'ForbiddenError',
    'SpaceConflictError',
    'TooManyMessagesError',
    'DuplicateReferenceError',
  ])
    assert.ok(apiErrorClasses.has(name), name);
  assert.ok(!apiErrorClasses.has('Error') && !apiErrorClasses.has('RangeError'));
  assert.deepEqual(thrownApiErrors("throw new ConflictError('Taken.', 'taken');"), ['ConflictError']);
  assert.deepEqual(thrownApiErrors("throw new Error('a line needs an event');"), []);
  assert.deepEqual(thrownApiErrors("throw new RangeError('beyond what can be held');"), []);
});

it('has no command or rule of src/crm throw a refusal', () => {
  const found: Record<string, string[]> = {};
  for (const file of sourceFiles('src/crm')) {
    if (file.endsWith('.routes.ts')) continue;
    if (Object.keys(ALLOWED_FOLDERS).some((folder) => file.startsWith(folder))) continue;
    const allowed = new Set(ALLOWED[file]?.classes ?? []);
    const thrown = thrownApiErrors(readFileSync(file, 'utf8')).filter((name) => !allowed.has(name));
    if (thrown.length > 0) found[file] = thrown;
  }
  assert.deepEqual(found, {});
});

it('allows only files that are there and throw what they are allowed', () => {
  for (const [file, { classes }] of Object.entries(ALLOWED)) {
    const thrown = new Set(thrownApiErrors(readFileSync(file, 'utf8')));
    for (const name of classes) assert.ok(thrown.has(name), `${file} no longer throws ${name}`);
  }
});

it('defines refuse and Refusal once each, in src/writes/refusal.ts', () => {
  const definitions = sourceFiles('src').flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [
      ...[...text.matchAll(/\bexport\s+function\s+refuse\s*[<(]/g)].map(() => `${file}: refuse`),
      ...[...text.matchAll(/\bclass\s+Refusal\b/g)].map(() => `${file}: Refusal`),
    ];
  });
  assert.deepEqual(definitions.sort(), ['src/writes/refusal.ts: Refusal', 'src/writes/refusal.ts: refuse']);
});

it('hands on the refusal of every command a command runs inside it', () => {
  // work.run returns the inner command's refusal (src/writes/work.ts): an outcome left unread
  // would let the unit of work commit what was refused. The demo's seed throws it (workIn).
  const discards = /^\s*(?:await\s+)?work\.run\(/m;
  assert.ok(discards.test('    await work.run(createNote, { body });'));
  assert.ok(!discards.test('    const note = await work.run(createNote, { body });'));
  const offenders = sourceFiles('src').filter(
    (file) => !file.startsWith('src/demo/') && discards.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(offenders, []);
});
