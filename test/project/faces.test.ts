/**
 * The faces of the kinds that have one (docs/decisions/0017-faces-codecs-and-fields.md), read from
 * the source: outside a kind's folder only its face (`index.ts`) is imported — the demo's
 * bulk rows take its table type, the routers its
 * routes, the rules' facts its codec, and what a booking's commands run the bookings' face beneath
 * them (`beneath.ts`), as what the events' commands and rules stand on does the events', and the
 * app's context and a booking's deletion the documents' — its JSON
 * and flag columns are parsed nowhere else, and no command runs another by calling its
 * `run`: an inner command runs through the unit of work (0016). A file that does any of these
 * again fails here, naming itself.
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

/** The kinds with a face, and the columns only their codec reads (JSON and flags). */
const FACES: Record<string, readonly string[]> = {
  spaces: ['part_ids', 'capacities', 'shareable'],
  // Text alone: nothing to parse, but its folder is still reached only through its face.
  'email-templates': [],
  tasks: [],
  // Text alone; their custom fields' JSON is read by the custom fields' face, for every kind alike.
  contacts: [],
  accounts: [],
  // Text alone: pipelines, their stages and referral sources.
  pipelines: [],
  // Text alone, or nothing stored of their own: event types, a lead (a booking with its parties),
  // an inquiry (a lead from the public form) and the reports (read only).
  'event-types': [],
  leads: [],
  inquiries: [],
  reports: [],
  // Its JSON is parsed in its folder alone (its codec) — except space_ids, which the row mappers
  // it shares with events parse too (src/crm/data/row-mappers.ts).
  bookings: ['category_totals', 'source_details'],
  // Decoded in its folder alone (event.value.ts) — but for space_ids, which the row mappers it
  // shares with bookings parse (src/crm/data/row-mappers.ts).
  events: ['all_day'],
  // A BEO's flag, a version's stored model, a signature's outcome and a signed proposal's state.
  documents: ['show_prices', 'model', 'outcome', 'signed_state'],
  // A note's flag: printed on the banquet event orders.
  notes: ['for_beo'],
  // An installment's flags: its schedule's remainder, due on signing.
  payments: ['remainder', 'due_on_signing'],
  // A line's copied taxes and its flag, an item's tax rates, a tax rate's flags.
  pricing: ['tax_rate_ids', 'taxes', 'quantity_from_guests', 'active', 'inclusive'],
};

/** The modules a file imports, as paths from the repository's root. */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)].map((m) =>
    path.posix.join(path.posix.dirname(file), m[1]!),
  );
}

/**
 * Beneath every face: an event's table and fields and an automation's shapes, which the tables that
 * hold them name, take another kind's statuses from its table, as its face would close a circle.
 */
const BENEATH_EVERY_FACE = new Set([
  'src/crm/events/event.table.ts',
  'src/crm/events/event.fields.ts',
  'src/crm/automations/automation-shapes.ts',
]);

/** What the events' commands reach in turn (the bookings' beneath.ts). */
const BENEATH_EVENTS = new Set(['src/crm/bookings/first-event.ts']);

/** Who may reach into a kind's folder past its face, and for what. */
function allowedPast(file: string, target: string): boolean {
  // The rules' facts are loaded beneath every kind, its commands included: the face would be a circle.
  if (target.endsWith('.value.js')) return file === 'src/crm/facts.ts';
  if (target.endsWith('.table.js')) return file.startsWith('src/demo/') || BENEATH_EVERY_FACE.has(file);
  // What a booking's commands run beneath them (its events, totals, schedule, documents) reads the
  // booking through the face beneath its commands: index.js would be a circle through them.
  if (target === 'src/crm/bookings/beneath.js')
    return /^src\/crm\/(events|pricing|payments|documents)\//.test(file);
  // What they change of the booking they mark touched through its aggregate, which keeps it (as
  // does the organization's change of zone, for its schedules): through index.js a circle too.
  if (target === 'src/crm/bookings/aggregate.js')
    return /^src\/crm\/(events|pricing|payments|documents|organization)\//.test(file);
  // A booking's totals, which its aggregate keeps, read payments through the face beneath the
  // commands that mark it touched: index.js would be a circle through them.
  if (target === 'src/crm/payments/beneath.js') return file === 'src/crm/pricing/booking-totals.ts';
  // What the events' commands stand on (a booking's first event) reads events through the face
  // beneath them: index.js would be a circle.
  if (target === 'src/crm/events/beneath.js') return BENEATH_EVENTS.has(file);
  // The booking's aggregate runs what a booking derives of its events, kept in the events' folder:
  // the events' face would close a circle through their commands, which mark the booking touched.
  if (target === 'src/crm/events/booking-derivation.js')
    return file === 'src/crm/bookings/booking-keeping.ts';
  // So it runs the refresh of a booking's payment schedule, kept in the payments' folder.
  if (target === 'src/crm/payments/schedule-keeping.js')
    return file === 'src/crm/bookings/booking-keeping.ts';
  // And the steps that keep a booking's lines and totals, kept in the pricing folder.
  if (target === 'src/crm/pricing/booking-totals.js') return file === 'src/crm/bookings/booking-keeping.ts';
  // The app's context holds the PDF renderer the documents' commands take it for, and a booking's
  // deletion runs its documents' part beneath its commands: index.js would be a circle.
  if (target === 'src/crm/documents/beneath.js')
    return file === 'src/app-context.ts' || file === 'src/crm/bookings/booking.commands.ts';
  // The documents' merge fields are read by the rendering thread (the sample a template is tried
  // against): it loads the kinds' fields, which are data, and not the faces' commands and routes.
  if (/^src\/crm\/(bookings|accounts|contacts)\/[a-z-]+\.fields\.js$/.test(target))
    return file === 'src/crm/documents/merge-fields.ts';
  if (target.endsWith('.routes.js')) return file === 'src/crm/crm.plugin.ts';
  return false;
}

describe('the faces of the kinds', () => {
  for (const [kind, columns] of Object.entries(FACES)) {
    const folder = `src/crm/${kind}/`;
    const outside = files.filter((file) => !file.startsWith(folder));

    it(`imports ${kind} only through its face`, () => {
      const offenders = outside.flatMap((file) =>
        importsOf(file, text.get(file)!)
          .filter((target) => target.startsWith(folder) && target !== `${folder}index.js`)
          .filter((target) => !allowedPast(file, target))
          .map((target) => `${file} → ${target}`),
      );
      assert.deepEqual(offenders, []);
    });

    if (columns.length > 0)
      it(`reads the columns ${columns.join(', ')} of ${kind} in its codec alone`, () => {
        const named = new RegExp(`\\b(${columns.join('|')})\\b`);
        // Another table may have a column of the same name: only a JSON.parse or a flag of one counts.
        const decoding = new RegExp(`(JSON\\.parse|flag)\\([^)]*\\b(${columns.join('|')})\\b`);
        const offenders = outside.filter(
          (file) => named.test(text.get(file)!) && decoding.test(text.get(file)!),
        );
        assert.deepEqual(offenders, []);
      });
  }

  it('exports no row type from a face but those still named for the pages', () => {
    // A face exports the value; the row type never leaves its folder. These are still exported, and
    // the list only shrinks: a face that names a row again, or one not listed here, fails. A row
    // type is one named …Row, or a table's own shape however it is named: a …Table interface of a
    // *.table.ts file or an alias of Selectable<…> (a pipeline's StageTable, an event type).
    const STILL_EXPORTED = new Set([
      'src/crm/bookings/index.ts BookingRow',
      // Text alone, read by the pages as their tables hold them.
      'src/crm/pipelines/index.ts ReferralSourceTable',
      'src/crm/pipelines/index.ts StageTable',
      'src/crm/event-types/index.ts EventType',
      // A document's links and signatures, which the portal and the documents' pages still read.
      'src/crm/documents/index.ts DocumentLink',
      'src/crm/documents/index.ts DocumentSignature',
    ]);
    const faces = files.filter((file) => /^src\/crm\/[^/]+\/index\.ts$/.test(file));
    /** Whether `name`, declared in `source` (a file of the face's folder), is a table's row. */
    const isRow = (name: string, source: string | undefined) =>
      source !== undefined &&
      (new RegExp(`export\\s+type\\s+${name}\\s*=\\s*Selectable<`).test(text.get(source) ?? '') ||
        (/Table$/.test(name) &&
          source.endsWith('.table.ts') &&
          new RegExp(`export\\s+interface\\s+${name}\\b`).test(text.get(source) ?? '')));
    const exported = faces.flatMap((file) =>
      [
        ...text.get(file)!.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}(?:\s+from\s+'(\.[^']+)\.js')?/g),
      ].flatMap((m) => {
        const source = m[2] ? `${path.posix.join(path.posix.dirname(file), m[2])}.ts` : undefined;
        return m[1]!
          .split(',')
          .map((name) => name.trim().replace(/^type\s+/, ''))
          .filter(Boolean)
          .filter(
            (name) => isRow(name.split(/\s+as\s+/)[0]!, source) || /Row$/.test(name.split(/\s+as\s+/).pop()!),
          )
          .map((name) => `${file} ${name.split(/\s+as\s+/).pop()!}`);
      }),
    );
    const declared = faces.flatMap((file) =>
      [...text.get(file)!.matchAll(/export\s+(?:type|interface)\s+(\w+Row)\b/g)].map(
        (m) => `${file} ${m[1]}`,
      ),
    );
    const found = [...exported, ...declared];
    assert.deepEqual(
      found.filter((name) => !STILL_EXPORTED.has(name)),
      [],
    );
    // One that no longer is leaves the list, so it cannot come back unnoticed.
    assert.deepEqual(
      [...STILL_EXPORTED].filter((name) => !found.includes(name)),
      [],
    );
  });

  it('reads a record’s custom_fields JSON in the custom fields’ folder alone', () => {
    // Every kind's values are decoded by the custom fields' face (`storedValuesOf`), never parsed again.
    const parses = /JSON\.parse\([^)]*\bcustom_fields\b/;
    assert.ok(parses.test("JSON.parse(booking.custom_fields || '{}')"));
    const offenders = files.filter(
      (file) => !file.startsWith('src/crm/custom-fields/') && parses.test(text.get(file)!),
    );
    assert.deepEqual(offenders, []);
  });

  it('runs no command by calling another’s run: inner commands run through the unit of work', () => {
    const calling = /\b[A-Za-z]+\.run\(\s*work\b/;
    // The unit of work itself (src/writes) is what runs them.
    const offenders = files.filter(
      (file) => !file.startsWith('src/writes/') && calling.test(text.get(file)!),
    );
    assert.deepEqual(offenders, []);
  });
});
