/**
 * The rules of notes (SPEC §5): a body of 1 to 65,536 characters; attached to exactly one
 * booking, account or contact of the same organization, for good; written by the token's user;
 * changed or deleted only by its author or an organization admin; If-Match guards both.
 */
import type { ApiAuth } from '../../api/api-auth.js';
import { matches } from '../../api/etag.js';
import type { Db } from '../../db/database.js';
import {
  ApiError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../errors.js';
import {
  findNote,
  insertNote,
  notableExists,
  updateNoteBody,
  deleteNote as removeNote,
} from './note.repository.js';
import { noteEtag } from './note.etag.js';
import type { NotableType, NoteTable } from './note.table.js';

export interface NewNote {
  body: string;
  notableType: NotableType;
  notableId: string;
}

function checkBody(body: string): string {
  if (body.trim() === '') {
    throw new ValidationError('A note needs some text.', { pointer: '/data/attributes/body' }, 'blank');
  }
  return body;
}

export async function createNote(db: Db, auth: ApiAuth, input: NewNote): Promise<NoteTable> {
  const body = checkBody(input.body);
  if (!(await notableExists(db, auth.organizationId, input.notableType, input.notableId))) {
    throw new ValidationError(
      `No ${input.notableType} resource with the id "${input.notableId}" exists in this organization.`,
      { pointer: '/data/relationships/notable/data/id' },
      'not_found',
    );
  }
  return insertNote(db, {
    organizationId: auth.organizationId,
    notableType: input.notableType,
    notableId: input.notableId,
    authorId: auth.userId,
    body,
  });
}

async function editableNote(
  db: Db,
  auth: ApiAuth,
  id: string,
  ifMatch: string | undefined,
): Promise<NoteTable> {
  const note = await findNote(db, auth.organizationId, id);
  if (!note) throw new NotFoundError(`No notes resource has the id "${id}".`);
  if (note.author_id !== auth.userId && auth.role !== 'admin') {
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
  db: Db,
  auth: ApiAuth,
  id: string,
  body: string | undefined,
  ifMatch?: string,
) {
  const note = await editableNote(db, auth, id, ifMatch);
  if (body === undefined) return note;
  const updated = await updateNoteBody(db, note, checkBody(body));
  if (!updated) throw new PreconditionFailedError(CHANGED_MEANWHILE);
  return updated;
}

export async function deleteNote(db: Db, auth: ApiAuth, id: string, ifMatch?: string): Promise<void> {
  const note = await editableNote(db, auth, id, ifMatch);
  if (!(await removeNote(db, note))) {
    throw new ApiError(409, 'conflict', CHANGED_MEANWHILE);
  }
}
