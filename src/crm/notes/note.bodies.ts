/** The request documents of POST and PATCH /notes (SPEC §5). */
import { Type } from 'typebox';
import { NOTABLE_TYPES } from './note.table.js';

const NoteBody = Type.String({ minLength: 1, maxLength: 65536, description: '1 to 65,536 characters' });

const Notable = Type.Object(
  {
    data: Type.Object(
      {
        type: Type.Union(NOTABLE_TYPES.map((t) => Type.Literal(t))),
        id: Type.String({ minLength: 1, maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const NoteCreateBody = Type.Object({
  data: Type.Object(
    {
      type: Type.Literal('notes'),
      id: Type.Optional(Type.String({ description: 'Not supported: the server assigns ids' })),
      attributes: Type.Object({ body: NoteBody }, { additionalProperties: false }),
      relationships: Type.Object({ notable: Notable }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
});

export const NoteUpdateBody = Type.Object({
  data: Type.Object(
    {
      type: Type.Literal('notes'),
      id: Type.String(),
      attributes: Type.Optional(
        Type.Object({ body: Type.Optional(NoteBody) }, { additionalProperties: false }),
      ),
      relationships: Type.Optional(
        Type.Object({ notable: Type.Optional(Notable) }, { additionalProperties: false }),
      ),
    },
    { additionalProperties: false },
  ),
});
