/**
 * Payments and refunds as the API shows them (SPEC §12): `GET /v2/payments[/{id}]`, filtered by
 * `booking_id`, `kind` and `reference` (a payment integration finds what it synced).
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { paymentCodec } from './payment.codec.js';
import { PAYMENT_KINDS, PAYMENT_METHODS } from './payment.table.js';

export const PaymentResource = resourceSchema(
  'payments',
  Type.Object({
    kind: StringEnum(PAYMENT_KINDS, 'payment or refund'),
    amount: Type.Integer({ description: 'Minor units of the booking’s currency, > 0' }),
    method: StringEnum(PAYMENT_METHODS),
    received_at: Timestamp,
    reference: Nullable(Type.String(), 'e.g. a payment processor’s id; unique in the organization'),
    note: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { booking: 'bookings', installment: 'installments' },
);

export const paymentDefinition: ResourceDefinition<'payments'> = {
  type: 'payments',
  path: '/v2/payments',
  schema: PaymentResource,
  tag: 'Payments',
  noun: 'payments',
  singular: 'payment',
  sortable: ['received_at', 'created_at', 'updated_at'],
  defaultSort: 'received_at',
  filters: {
    booking_id: { column: 'booking_id', kind: 'id' },
    kind: { column: 'kind', kind: 'enum', values: PAYMENT_KINDS },
    reference: { column: 'reference', kind: 'id', operators: ['eq', 'in'] },
    received_at: { column: 'received_at', kind: 'timestamp' },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {
    booking: (row) => relation('bookings', row.booking_id),
    installment: (row) => relation('installments', row.installment_id),
  },
  toResource: (row, baseUrl) => ({
    type: 'payments',
    id: row.id,
    attributes: {
      kind: row.kind,
      amount: paymentCodec.decode(row).amount,
      method: row.method,
      received_at: row.received_at,
      reference: row.reference,
      note: row.note,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      booking: { data: relation('bookings', row.booking_id) },
      installment: { data: relation('installments', row.installment_id) },
    },
    links: { self: `${baseUrl}/v2/payments/${row.id}` },
  }),
};
