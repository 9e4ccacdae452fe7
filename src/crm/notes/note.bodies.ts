/**
 * The request documents of POST and PATCH of notes (SPEC §5), with Event Temple's names beside
 * Marquee's (SPEC §15): `content` for `body`, and `notable_type` + `notable_id` attributes instead
 * of the `notable` relationship (note.routes.ts maps them; note-rules.ts judges them).
 */
import { Type } from 'typebox';
import { StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { NOTABLE_TYPES } from './note.table.js';

const Text = (description: string) => Type.Optional(Type.String({ maxLength: 65536, description }));

const NoteAttributes = Type.Object(
  {
    body: Text('1 to 65,536 characters'),
    content: Text('Event Temple’s name for body: give one of the two'),
    notable_type: Type.Optional(
      Type.String({
        maxLength: 32,
        description:
          'With notable_id, instead of the notable relationship (Event Temple’s way): Booking, Event, Account or Contact, in any case',
      }),
    ),
    notable_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    for_beo: Type.Optional(
      Type.Boolean({
        description:
          'Print it on the banquet event orders of its booking or event (notes about a booking or an event only); default false',
      }),
    ),
  },
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
  relationships: Type.Optional(NoteRelationships),
});

export const NoteUpdateBody = updateDocument('notes', {
  attributes: changes(NoteAttributes),
  relationships: changes(NoteRelationships),
});
