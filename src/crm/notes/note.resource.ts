/** Notes as the API shows them (SPEC §5). */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { NOTABLE_TYPES, type NotableType } from './note.table.js';
import { flag } from '../data/row-mappers.js';

export const NoteAttributes = Type.Object({
  body: Type.String(),
  content: Type.String({ description: 'The same as body, under Event Temple’s name' }),
  notable_type: Type.String({
    description: 'What it is about, as Event Temple names it: Booking, Event, Account or Contact',
  }),
  notable_id: Type.String({ description: 'The id of what it is about' }),
  for_beo: Type.Boolean({
    description: 'Prints on the banquet event orders of its booking, or of its event (SPEC §13)',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** bookings → Booking: the notable's type as Event Temple names it. */
const EVENT_TEMPLE_NOTABLE: Record<NotableType, string> = {
  bookings: 'Booking',
  events: 'Event',
  accounts: 'Account',
  contacts: 'Contact',
};

export const NoteResource = resourceSchema('notes', NoteAttributes, {
  notable: 'bookings | events | accounts | contacts',
  author: 'users',
});

export const noteDefinition: ResourceDefinition<'notes'> = {
  type: 'notes',
  path: '/notes',
  alsoAt: ['/v2/notes'],
  schema: NoteResource,
  tag: 'Notes',
  noun: 'notes',
  singular: 'note',
  sortable: ['created_at', 'updated_at'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    notable_type: { column: 'notable_type', kind: 'enum', values: NOTABLE_TYPES },
    notable_id: { column: 'notable_id', kind: 'id' },
  },
  includes: {
    notable: (row) => relation(row.notable_type, row.notable_id),
    author: (row) => relation('users', row.author_id),
  },
  toResource: (row, baseUrl) => ({
    type: 'notes',
    id: row.id,
    attributes: {
      body: row.body,
      content: row.body,
      notable_type: EVENT_TEMPLE_NOTABLE[row.notable_type],
      notable_id: row.notable_id,
      for_beo: flag(row.for_beo),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      notable: { data: relation(row.notable_type, row.notable_id) },
      author: { data: relation('users', row.author_id) },
    },
    links: { self: `${baseUrl}/notes/${row.id}` },
  }),
};
