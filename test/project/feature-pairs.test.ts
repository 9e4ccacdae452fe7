/**
 * Features of src/crm import one another one way: a folder that imports another is not imported
 * back by it (docs/decisions/0017-faces-codecs-and-fields.md). The pairs that still do are named
 * below with what binds them; a new pair fails here, and so does a named pair that no longer
 * exists, so the list only shrinks.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const CRM = 'src/crm';

/** The mutual pairs that remain, each with what binds it. */
const KNOWN_PAIRS = new Map([
  // The booking hub: a booking's commands run its children's, whose rules keep the booking.
  ['bookings <-> documents', 'a signed proposal moves the booking; a booking makes its documents'],
  ['bookings <-> events', 'events derive the booking’s times and spaces; a booking makes its first event'],
  ['bookings <-> payments', 'the schedule follows the booking; a booking shows what is paid'],
  ['bookings <-> pricing', 'totals follow the lines; a booking’s prices go with it'],
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Each feature folder of src/crm with the feature folders it imports. */
function featureImports(): Map<string, Set<string>> {
  const features = readdirSync(CRM, { withFileTypes: true }).filter((e) => e.isDirectory());
  const imports = new Map<string, Set<string>>();
  for (const { name } of features) {
    const targets = new Set<string>();
    for (const file of sourceFiles(path.posix.join(CRM, name))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = path.posix.relative(CRM, path.posix.join(path.posix.dirname(file), m[1]!));
        const [folder, ...rest] = target.split('/');
        if (rest.length > 0 && folder !== name && folder !== '..') targets.add(folder!);
      }
    }
    imports.set(name, targets);
  }
  return imports;
}

it('has no feature of src/crm importing one that imports it back, but the pairs named', () => {
  const imports = featureImports();
  const pairs = [...imports].flatMap(([a, targets]) =>
    [...targets].filter((b) => a < b && imports.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
  );
  assert.ok(pairs.length > 0 || KNOWN_PAIRS.size === 0);
  assert.deepEqual(
    pairs.filter((pair) => !KNOWN_PAIRS.has(pair)),
    [],
    'new mutual pairs',
  );
  assert.deepEqual(
    [...KNOWN_PAIRS.keys()].filter((pair) => !pairs.includes(pair)),
    [],
    'named pairs that no longer exist: take them off the list',
  );
});
