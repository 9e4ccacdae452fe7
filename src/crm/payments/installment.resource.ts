/**
 * A booking's payment schedule as the API shows it (SPEC §12): `GET /v2/installments[/{id}]`,
 * filtered by `booking_id` and `state`, in schedule order by default.
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { flag } from '../data/row-mappers.js';

export const INSTALLMENT_STATES = ['scheduled', 'due', 'overdue', 'paid'] as const;

export const InstallmentResource = resourceSchema(
  'installments',
  Type.Object({
    label: Type.String({ description: 'e.g. Deposit' }),
    amount: Nullable(Type.Integer(), 'A fixed amount, in minor units'),
    percentage: Nullable(Type.String(), 'A percentage of the grand total, e.g. "50"'),
    remainder: Type.Boolean({ description: 'Whatever the others leave (at most one per booking)' }),
    due_date: Nullable(Type.String({ format: 'date' }), 'The day it is due'),
    due_days_before: Nullable(Type.Integer(), 'Due so many days before the booking’s first event'),
    due_on_signing: Type.Boolean({ description: 'Due when the proposal is signed' }),
    position: Type.Integer({ description: 'Its order in the schedule' }),
    amount_due: Type.Integer({ description: 'What it comes to, in minor units (read-only)' }),
    due_on: Nullable(
      Type.String({ format: 'date' }),
      'The day it is due, in the organization’s time zone; null until signing (read-only)',
    ),
    paid_amount: Type.Integer({ description: 'What has been paid of it, in minor units (read-only)' }),
    state: StringEnum(INSTALLMENT_STATES, 'scheduled, due, overdue or paid (read-only)'),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { booking: 'bookings' },
);

const optionalNumber = (value: number | string | null) => (value === null ? null : Number(value));

export const installmentDefinition: ResourceDefinition<'installments'> = {
  type: 'installments',
  path: '/v2/installments',
  schema: InstallmentResource,
  tag: 'Payments',
  noun: 'installments',
  singular: 'installment',
  sortable: ['position', 'due_on', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    booking_id: { column: 'booking_id', kind: 'id' },
    state: { column: 'state', kind: 'enum', values: INSTALLMENT_STATES },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: { booking: (row) => relation('bookings', row.booking_id) },
  toResource: (row, baseUrl) => ({
    type: 'installments',
    id: row.id,
    attributes: {
      label: row.label,
      amount: optionalNumber(row.amount),
      percentage: row.percentage,
      remainder: flag(row.remainder),
      due_date: row.due_date,
      due_days_before: optionalNumber(row.due_days_before),
      due_on_signing: flag(row.due_on_signing),
      position: Number(row.position),
      amount_due: Number(row.amount_due),
      due_on: row.due_on,
      paid_amount: Number(row.paid_amount),
      state: row.state,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { booking: { data: relation('bookings', row.booking_id) } },
    links: { self: `${baseUrl}/v2/installments/${row.id}` },
  }),
};
