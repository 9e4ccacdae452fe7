/**
 * The rules of notes (SPEC §5): a body of 1 to 65,536 characters; attached to exactly one
 * booking, account or contact of the same organization, for good; written by the token's user;
 * changed or deleted only by its author or an organization admin; If-Match guards both.
 */
import type { Actor } from '../../identity/actor.js';
import { matches } from '../../api/etag.js';
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../errors.js';
import { noteEtag } from './note.etag.js';
import {
  findNote,
  insertNote,
  notableExists,
  deleteNote as removeNote,
  updateNoteBody,
} from './note.repository.js';
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
  if (!(await notableExists(trx, actor.organizationId, input.notableType, input.notableId))) {
    throw new ValidationError({
      field: 'notable',
      detail: `No ${input.notableType} resource with the id "${input.notableId}" exists in this organization.`,
      code: 'not_found',
      source: { pointer: '/data/relationships/notable/data/id' },
    });
  }
  return insertNote(
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
}

async function editableNote(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<NoteTable> {
  const note = await findNote(ctx.db, actor.organizationId, id);
  if (!note) throw new NotFoundError(`No notes resource has the id "${id}".`);
  if (note.author_id !== actor.userId && actor.role !== 'admin') {
    throw new ForbiddenError(
      'Only the author of a note or an organization admin may change or delete it.',
      'not_author',
    );
  }
  if (!matches(ifMatch, noteEtag(note))) {
    throw new PreconditionFailedError(
      'The note has changed since you read it (If-Match does not match its ETag).',
    );
  }
  return note;
}

const CHANGED_MEANWHILE = 'The note changed while this request was made; read it again and retry.';

export async function updateNote(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: string | undefined,
  ifMatch?: string,
): Promise<NoteTable> {
  const note = await editableNote(ctx, actor, id, ifMatch);
  if (body === undefined) return note;
  const updated = await updateNoteBody(ctx.db, note, checkBody(body), ctx.now());
  if (!updated) throw new PreconditionFailedError(CHANGED_MEANWHILE);
  return updated;
}

export async function deleteNote(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch?: string,
): Promise<void> {
  const note = await editableNote(ctx, actor, id, ifMatch);
  if (!(await removeNote(ctx.db, note))) throw new ConflictError(CHANGED_MEANWHILE);
}
