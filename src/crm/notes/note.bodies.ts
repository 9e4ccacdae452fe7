/** The request documents of POST and PATCH of notes (SPEC §5). */
import { Type } from 'typebox';
import { StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { NOTABLE_TYPES } from './note.table.js';

const NoteAttributes = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 65536, description: '1 to 65,536 characters' }) },
  { additionalProperties: false },
);

const Notable = Type.Object(
  {
    data: Type.Object(
      {
        type: StringEnum(NOTABLE_TYPES),
        id: Type.String({ minLength: 1, maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'The booking, account or contact the note is about' },
);

const NoteRelationships = Type.Object({ notable: Notable }, { additionalProperties: false });

export const NoteCreateBody = createDocument('notes', {
  attributes: NoteAttributes,
  relationships: NoteRelationships,
});

export const NoteUpdateBody = updateDocument('notes', {
  attributes: changes(NoteAttributes),
  relationships: changes(NoteRelationships),
});
