/**
 * A booking's payment schedule as the API shows it (SPEC §12): `GET /v2/installments[/{id}]`,
 * filtered by `booking_id` and `state`, in schedule order by default.
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { installmentCodec } from './payment.codec.js';

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
  toResource: (row, baseUrl) => {
    const installment = installmentCodec.decode(row);
    return {
      type: 'installments',
      id: installment.id,
      attributes: {
        label: installment.label,
        amount: installment.amount,
        percentage: installment.percentage,
        remainder: installment.remainder,
        due_date: installment.dueDate,
        due_days_before: installment.dueDaysBefore,
        due_on_signing: installment.dueOnSigning,
        position: installment.position,
        amount_due: installment.amountDue,
        due_on: installment.dueOn,
        paid_amount: installment.paidAmount,
        state: installment.state,
        created_at: installment.createdAt,
        updated_at: installment.updatedAt,
      },
      relationships: { booking: { data: relation('bookings', installment.bookingId) } },
      links: { self: `${baseUrl}/v2/installments/${installment.id}` },
    };
  },
};
