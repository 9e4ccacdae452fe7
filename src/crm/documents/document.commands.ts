/**
 * Making and deleting document versions (SPEC §13), as units of work holding the organization's
 * lock: a new version takes the next number of its booking and kind, and reads the booking's
 * data, the venue's and the templates in the same transaction, so what it shows is one state.
 * Its templates, rendered before (off the lock) from that same state, and its model are stored
 * then: later changes to the booking or the templates need a new version. Only a draft is
 * deleted (a deleted booking's go with it: document-deletion.ts). The commands return their
 * refusals (src/writes/refusal.ts).
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { STALE_PREPARATION } from '../../writes/prepared.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { recordCreated } from '../change-events.js';
import { idsInOrganization, insertRecord } from '../records.js';
import { deleteValueCommand, problemsRefusal } from '../value-commands.js';
import { buildDocumentModel } from './document-build.js';
import { loadDocumentFacts } from './document-facts.js';
import { saveModel } from './document-files.js';
import {
  actionRefusal,
  checkDocument,
  clientRefusal,
  type DocumentInput,
  type NewDocumentFields,
} from './document-rules.js';
import { type PreparedDocumentInput, renderKey } from './document-prepare.js';
import { documentDefinition } from './document.resource.js';
import type { DocumentRow } from './document.table.js';
import { mergeData } from './merge-data.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';

export type { DocumentInput } from './document-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: DocumentInput) {
  const org = actor.organizationId;
  const [bookings, event] = await Promise.all([
    input.bookingId === undefined
      ? new Set<string>()
      : idsInOrganization(db, 'bookings', org, [input.bookingId]),
    input.eventId
      ? db
          .selectFrom('events')
          .select('booking_id')
          .where('organization_id', '=', org)
          .where('id', '=', input.eventId)
          .executeTakeFirst()
      : undefined,
  ]);
  return checkDocument(input, {
    bookingExists: input.bookingId !== undefined && bookings.has(input.bookingId),
    eventBookingId: event?.booking_id,
  });
}

/** Every problem of a new document's input, writing nothing (the API's one 422 per bad field). */
export async function documentProblems(db: Db, actor: Actor, input: DocumentInput) {
  return (await judged(db, actor, input)).problems;
}

/** The fields of a new document, or undefined when the input is refused (the command says why). */
export async function fieldsOf(db: Db, actor: Actor, input: DocumentInput) {
  const checked = await judged(db, actor, input);
  return checked.problems.length > 0 ? undefined : checked.value;
}

/** What a new version would show, read through `db`: its number and the facts of its booking. */
export async function versionFacts(db: Db | Trx, actor: Actor, fields: NewDocumentFields, now: number) {
  const last = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('booking_id', '=', fields.booking_id)
    .where('kind', '=', fields.kind)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  const facts = await loadDocumentFacts(db, {
    organizationId: actor.organizationId,
    bookingId: fields.booking_id,
    kind: fields.kind,
    version,
    madeAt: now,
    beo: fields.event_id ? { eventId: fields.event_id, showPrices: fields.show_prices === 1 } : undefined,
  });
  return facts && { version, facts };
}

/**
 * A new version of a booking's document. Its templates were rendered before this unit of work,
 * off the lock (document-prepare.ts), from the templates and data they are checked against here:
 * if either changed meanwhile (or another version took the number), it refuses, to be prepared
 * again (src/writes/prepared.ts).
 */
export const createDocument: Command<PreparedDocumentInput, DocumentRow | Refusal> = {
  action: DOCUMENT_ACTIONS.create,
  async run({ trx, actor, now }, input) {
    const client = clientRefusal(actor);
    if (client) return client;
    const checked = await judged(trx, actor, input);
    const refused = problemsRefusal(checked);
    if (refused) return refused;
    const fields = checked.value;
    const made = await versionFacts(trx, actor, fields, now);
    // Both were judged in this transaction, under the lock.
    if (!made) throw new Error('the booking of a judged document is gone');
    const { version, facts } = made;
    const rendered = input.prepared;
    if (!rendered || rendered.key !== renderKey(facts.templates, mergeData(facts))) {
      return refuse({
        status: 409,
        code: STALE_PREPARATION,
        detail: 'The booking or its templates changed while this document was being made: make it again.',
      });
    }
    const model = buildDocumentModel(facts, rendered.texts);
    const row = await insertRecord(
      trx,
      'documents',
      actor.organizationId,
      {
        ...fields,
        version,
        status: 'draft',
        number: null,
        sha256: null,
        sent_at: null,
        signed_at: null,
        issued_at: null,
        voided_at: null,
        replaced_at: null,
        signed_state: null,
      },
      now,
    );
    await saveModel(trx, row, model);
    await recordCreated(trx, documentDefinition, row, now);
    return row;
  },
};

export const deleteDocument = deleteValueCommand({
  action: DOCUMENT_ACTIONS.delete,
  definition: documentDefinition,
  // A document's value is its row (it has no face of its own yet).
  codec: { decode: (row: DocumentRow) => row, encode: () => ({}) },
  refusal: async ({ actor }, current) => actionRefusal('delete', current, actor),
});
