/** Notes as the API shows them (SPEC §5). */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../relation.js';
import { NOTABLE_TYPES } from './note.table.js';

export const NoteAttributes = Type.Object({
  body: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const NoteResource = resourceSchema('notes', NoteAttributes, {
  notable: 'bookings | accounts | contacts',
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
    attributes: { body: row.body, created_at: row.created_at, updated_at: row.updated_at },
    relationships: {
      notable: { data: relation(row.notable_type, row.notable_id) },
      author: { data: relation('users', row.author_id) },
    },
    links: { self: `${baseUrl}/notes/${row.id}` },
  }),
};
