/**
 * Pages render a refusal without catching exception classes (docs/decisions/0006-the-write-seam.md):
 * a write's refusal comes back as a value from `attempt` (src/writes/unit-of-work.ts), so no file
 * of src/web tells refusals apart by `instanceof` of an error class of src/errors.ts, of the
 * space conflicts, or of any class built on them. The error handlers themselves are the place for
 * it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

/** Where errors thrown before a command runs (sign-in, not found) become pages. */
const ERROR_HANDLERS = new Set(['src/web/workspace/refusals.ts', 'src/web/html-error.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file.split(path.sep).join('/')] : [];
  });
}

/** The error classes: those of src/errors.ts and the space conflicts, and every class built on one. */
function errorClasses(): Set<string> {
  const roots = ['src/errors.ts', 'src/crm/events/event-clash.ts', 'src/crm/spaces/space-change-clash.ts'];
  const classes = new Set(
    roots.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export (?:abstract )?class (\w+)/g)].map((m) => m[1]!),
    ),
  );
  const declared = sourceFiles('src').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/class (\w+) extends (\w+)/g)].map((m) => ({
      name: m[1]!,
      base: m[2]!,
    })),
  );
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
}

it('knows the error classes it looks for', () => {
  const classes = errorClasses();
  for (const name of [
    'ApiError',
    'ValidationError',
    'ConflictError',
    'SpaceConflictError',
    'SpaceChangeConflictError',
  ])
    assert.ok(classes.has(name), name);
});

it('has no page of src/web branch on an error class', () => {
  const classes = errorClasses();
  const found = new Map<string, string[]>();
  for (const file of sourceFiles('src/web')) {
    if (ERROR_HANDLERS.has(file)) continue;
    const caught = [...readFileSync(file, 'utf8').matchAll(/instanceof\s+(\w+)/g)]
      .map((m) => m[1]!)
      .filter((name) => classes.has(name));
    if (caught.length > 0) found.set(file, [...new Set(caught)].sort());
  }
  assert.deepEqual(Object.fromEntries(found), {});
});
