/**
 * Pages render a refusal without catching exception classes (docs/decisions/0006-the-write-seam.md):
 * a write's refusal comes back as a value from `attempt` (src/writes/unit-of-work.ts), so no file
 * of src/web tells refusals apart by `instanceof` of an error class of src/errors.ts, of the
 * space conflicts, or of any class built on them. The error handlers themselves are the place for
 * it. And there is one refusal: no file but src/writes/refusal.ts declares a `Refusal` or a `refuse`
 * of its own (a feature's rules return that Refusal, its commands return it through the unit of
 * work).
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
  const roots = [
    'src/errors.ts',
    'src/crm/occupancy/event-clash.ts',
    'src/crm/occupancy/space-change-clash.ts',
  ];
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

/** Where the one refusal value and the one way to make it are declared. */
const THE_REFUSAL = 'src/writes/refusal.ts';

/**
 * What declares another refusal in `text`: a type, interface, class or enum named `Refusal`, a
 * function, variable or method named `refuse`, or either name given to something else by an import
 * or export (`{ x as refuse }`).
 */
function secondRefusals(text: string): string[] {
  const declarations = [
    /\b(?:class|interface|enum)\s+Refusal\b(?=\s*[<{]|\s+(?:extends|implements)\b)/g,
    /\btype\s+Refusal\s*(?:<[^>]*>)?\s*=/g,
    /\bfunction\s*\*?\s*refuse\s*[<(]/g,
    /\b(?:const|let|var)\s+refuse\b/g,
    /^\s*(?:(?:public|private|protected|static|async|readonly)\s+)*refuse\s*[<(][^)]*\)\s*(?::[^{;]+)?\{/gm,
    /\b(?:import|export)\s+(?:type\s+)?\{[^}]*\bas\s+(?:Refusal|refuse)\b[^}]*\}/g,
  ];
  return declarations.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0].trim()));
}

it('tells a second refusal from a use of the one', () => {
  const second = [
    'export interface Refusal {\n  status: 403 | 409;\n}',
    'export function refuse(refusal: Refusal | undefined): void {}',
    'type Refusal = { code: string };',
    'class Refusal extends Error {}',
    'export const refuse = (detail: string) => ({ detail });',
    'export { throwRefusal as refuse };',
    'const rules = {\n  refuse(code: string): void {\n    throw new Error(code);\n  },\n};',
  ];
  for (const text of second) assert.equal(secondRefusals(text).length, 1, text);
  const uses = [
    "import { isRefusal, refuse, type Refusal } from '../../writes/refusal.js';",
    "import {\n  type Refusal,\n  refuse,\n} from './refusal.js';",
    "return refuse({ status: 409, code: 'kept', detail });",
    'export function actionRefusal(action: string): Refusal | undefined {',
    'const outcome = (await command.run(work, input)) as Made<Result> | Refusal;',
    'export interface InquiryRefusal {',
    'if (refused) return refuse(refusedFacts(actor, action));',
  ];
  for (const text of uses) assert.deepEqual(secondRefusals(text), [], text);
});

it('declares Refusal and refuse once, in src/writes/refusal.ts', () => {
  const found = sourceFiles('src')
    .filter((file) => file !== THE_REFUSAL)
    .flatMap((file) => secondRefusals(readFileSync(file, 'utf8')).map((match) => `${file}: ${match}`));
  assert.deepEqual(found, []);
  const own = secondRefusals(readFileSync(THE_REFUSAL, 'utf8'));
  assert.ok(
    own.includes('class Refusal') && own.some((m) => m.startsWith('function refuse')),
    own.join('\n'),
  );
});
