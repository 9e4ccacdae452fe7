/**
 * Documents as the API shows them (SPEC §13): `GET /v2/documents[/{id}]`, filtered by
 * `booking_id`, `kind`, `status` (and `event_id`); their PDF at `links.pdf`. Whether a signed
 * proposal's booking changed since is read once per organization (document-read-context.ts).
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from './document.table.js';
import { flag } from '../data/row-mappers.js';
import { changedSinceSigned, documentReadContext } from './document-read-context.js';

const Moment = (description: string) => Nullable(Timestamp, description);

export const DocumentResource = resourceSchema(
  'documents',
  Type.Object({
    kind: StringEnum(DOCUMENT_KINDS, 'proposal, beo (banquet event order: one event) or invoice'),
    version: Type.Integer({ description: '1, 2, … per booking and kind' }),
    status: StringEnum(
      DOCUMENT_STATUSES,
      'draft; sent (a proposal, to its client); signed (a proposal its client accepted); issued (an invoice, or a BEO as final); void',
    ),
    number: Nullable(Type.String(), 'An invoice’s number (INV-00001), given when it is issued'),
    show_prices: Type.Boolean({ description: 'A BEO prints prices' }),
    sha256: Nullable(
      Type.String(),
      'SHA-256 (hex) of the PDF kept for it, from when it is sent or issued (a signed proposal: the signed PDF); null for a draft, whose PDF is made on each download',
    ),
    sent_at: Moment('When a proposal or an issued invoice was last sent to its client'),
    signed_at: Moment('When its client accepted it'),
    issued_at: Moment('When an invoice or a BEO was issued'),
    voided_at: Moment('When it was voided'),
    replaced_at: Moment(
      'When a newer version of this sent proposal was sent: from then on its link says so and it cannot be accepted (409 replaced)',
    ),
    changed_since_signed: Type.Boolean({
      description:
        'A signed proposal whose booking’s events, lines, totals or schedule changed since its client signed it (a new version would show the change); false for every other document',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { booking: 'bookings', event: 'events' },
);

export const documentDefinition: ResourceDefinition<'documents'> = {
  type: 'documents',
  path: '/v2/documents',
  schema: DocumentResource,
  tag: 'Documents',
  noun: 'documents',
  singular: 'document',
  sortable: ['created_at', 'updated_at', 'version'],
  defaultSort: '-created_at',
  filters: {
    booking_id: { column: 'booking_id', kind: 'id' },
    event_id: { column: 'event_id', kind: 'id' },
    kind: { column: 'kind', kind: 'enum', values: DOCUMENT_KINDS },
    status: { column: 'status', kind: 'enum', values: DOCUMENT_STATUSES },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {
    booking: (row) => relation('bookings', row.booking_id),
    event: (row) => relation('events', row.event_id),
  },
  readContext: documentReadContext,
  derived: {
    attributes: ['changed_since_signed'],
    values: (row, context) => [changedSinceSigned(row.id, context)],
  },
  toResource: (row, baseUrl, context) => ({
    type: 'documents',
    id: row.id,
    attributes: {
      kind: row.kind,
      version: Number(row.version),
      status: row.status,
      number: row.number,
      show_prices: flag(row.show_prices),
      sha256: row.sha256,
      sent_at: row.sent_at,
      signed_at: row.signed_at,
      issued_at: row.issued_at,
      voided_at: row.voided_at,
      replaced_at: row.replaced_at,
      changed_since_signed: changedSinceSigned(row.id, context),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      booking: { data: relation('bookings', row.booking_id) },
      event: { data: relation('events', row.event_id) },
    },
    links: { self: `${baseUrl}/v2/documents/${row.id}` },
  }),
};
