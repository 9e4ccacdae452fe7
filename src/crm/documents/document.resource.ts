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
import { documentCodec } from './document.codec.js';
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
  toResource: (row, baseUrl, context) => {
    const document = documentCodec.decode(row);
    return {
      type: 'documents',
      id: document.id,
      attributes: {
        kind: document.kind,
        version: document.version,
        status: document.status,
        number: document.number,
        show_prices: document.showPrices,
        sha256: document.sha256,
        sent_at: document.sentAt,
        signed_at: document.signedAt,
        issued_at: document.issuedAt,
        voided_at: document.voidedAt,
        replaced_at: document.replacedAt,
        changed_since_signed: changedSinceSigned(document.id, context),
        created_at: document.createdAt,
        updated_at: document.updatedAt,
      },
      relationships: {
        booking: { data: relation('bookings', document.bookingId) },
        event: { data: relation('events', document.eventId) },
      },
      links: { self: `${baseUrl}/v2/documents/${document.id}` },
    };
  },
};
