/**
 * The rules of notes (SPEC §5): a body of 1 to 65,536 characters; attached to exactly one
 * booking, account or contact of the same organization, for good; written by the token's user;
 * changed or deleted only by its author or an organization admin; If-Match guards both.
 */
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import { ForbiddenError, ValidationError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import { deleteRecord, idsInOrganization, recordToChange, updateRecord } from '../records.js';
import { insertNote } from './note.repository.js';
import { noteDefinition } from './note.resource.js';
import type { NotableType, NoteTable } from './note.table.js';

export interface NewNote {
  body: string;
  notableType: NotableType;
  notableId: string;
}

function checkBody(body: string): string {
  if (body.trim() === '') {
    throw new ValidationError({
      field: 'body',
      detail: 'A note needs some text.',
      code: 'blank',
      source: { pointer: '/data/attributes/body' },
    });
  }
  return body;
}

/** Inside the creating transaction: the notable's existence and the insert commit together. */
export async function createNote(trx: Trx, actor: Actor, input: NewNote, now: number): Promise<NoteTable> {
  const body = checkBody(input.body);
  const notable = await idsInOrganization(trx, input.notableType, actor.organizationId, [input.notableId]);
  if (!notable.has(input.notableId)) {
    throw new ValidationError({
      field: 'notable',
      detail: `No ${input.notableType} resource with the id "${input.notableId}" exists in this organization.`,
      code: 'not_found',
      source: { pointer: '/data/relationships/notable/data/id' },
    });
  }
  const note = await insertNote(
    trx,
    {
      organizationId: actor.organizationId,
      notableType: input.notableType,
      notableId: input.notableId,
      authorId: actor.userId,
      body,
    },
    isoTime(now),
  );
  await recordCreated(trx, noteDefinition, note, now);
  return note;
}

/** The note to change: 404 unless the organization's, 403 unless the actor wrote it or is an admin, 412 on If-Match. */
async function editableNote(
  trx: Trx,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<NoteTable> {
  const note = await recordToChange(
    trx,
    noteDefinition,
    actor.organizationId,
    id,
    ifMatch,
    ctx.config.baseUrl,
  );
  if (note.author_id !== actor.userId && actor.role !== 'admin') {
    throw new ForbiddenError(
      'Only the author of a note or an organization admin may change or delete it.',
      'not_author',
    );
  }
  return note;
}

export async function updateNote(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: string | undefined,
  ifMatch?: string,
): Promise<NoteTable> {
  return ctx.db.transaction().execute(async (trx) => {
    const note = await editableNote(trx, ctx, actor, id, ifMatch);
    if (body === undefined) return note;
    const updated = await updateRecord(trx, 'notes', note, { body: checkBody(body) }, ctx.now());
    await recordUpdated(trx, noteDefinition, note, updated, ctx.now());
    return updated;
  });
}

export async function deleteNote(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch?: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const note = await editableNote(trx, ctx, actor, id, ifMatch);
    await deleteRecord(trx, 'notes', note);
    await recordDeleted(trx, noteDefinition, note, ctx.now());
  });
}
