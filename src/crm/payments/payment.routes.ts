/**
 * A booking's payment schedule and payments (SPEC §12): members with crm_manage write the
 * schedule and record payments and refunds; only organization admins delete a payment; a payment
 * is never changed (delete it and record it again).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { changes, createDocument, relatedId, ToOne, updateDocument } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { AMOUNT_LIMIT } from '../money.js';
import { installmentDefinition } from './installment.resource.js';
import {
  createInstallment,
  deleteInstallment,
  type InstallmentInput,
  installmentProblems,
  updateInstallment,
} from './installments.js';
import { paymentDefinition } from './payment.resource.js';
import { PAYMENT_KINDS, PAYMENT_METHODS } from './payment.table.js';
import { createPayment, deletePayment, type PaymentInput, paymentProblems } from './payments.js';

const Amount = (description: string) => Type.Integer({ minimum: 1, maximum: AMOUNT_LIMIT, description });

const InstallmentWriteAttributes = Type.Object(
  {
    label: Type.String({ maxLength: 100, description: 'e.g. Deposit' }),
    amount: Nullable(Amount('A fixed amount, in minor units')),
    percentage: Nullable(Type.String({ maxLength: 20 }), 'A percentage of the grand total, e.g. "50"'),
    remainder: Type.Boolean({ description: 'Whatever the others leave; at most one per booking' }),
    due_date: Nullable(Type.String({ maxLength: 10 }), 'YYYY-MM-DD'),
    due_days_before: Nullable(Type.Integer({ minimum: 0, maximum: 3650 }), 'Days before the first event'),
    due_on_signing: Type.Boolean({ description: 'Due when the proposal is signed' }),
    position: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Default: after the last' }),
  },
  { additionalProperties: false },
);

const InstallmentCreateBody = createDocument('installments', {
  attributes: changes(InstallmentWriteAttributes),
  relationships: Type.Object({ booking: ToOne('bookings') }, { additionalProperties: false }),
});
const InstallmentUpdateBody = updateDocument('installments', {
  attributes: changes(InstallmentWriteAttributes),
});

type Linkage = { data: { id: string } | null } | undefined;
interface Document<Attributes> {
  data: {
    attributes?: Attributes | undefined;
    relationships?: { booking?: Linkage; installment?: Linkage } | undefined;
  };
}

const installmentInput = ({ data }: Document<Omit<InstallmentInput, 'bookingId'>>): InstallmentInput => ({
  ...data.attributes,
  bookingId: relatedId(data.relationships?.booking) ?? undefined,
});

const PaymentCreateBody = createDocument('payments', {
  attributes: Type.Object(
    {
      kind: Type.Optional(StringEnum(PAYMENT_KINDS, 'Default payment')),
      amount: Amount('Minor units of the booking’s currency, > 0'),
      method: Type.Optional(StringEnum(PAYMENT_METHODS, 'Default other')),
      received_at: Type.Optional(
        Type.String({
          format: 'date-time',
          maxLength: 40,
          description: 'RFC 3339, from 1970 to 9999; default now',
        }),
      ),
      reference: Type.Optional(Nullable(Type.String({ maxLength: 200 }), 'Unique in the organization')),
      note: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
    },
    { additionalProperties: false },
  ),
  relationships: Type.Object(
    {
      booking: ToOne('bookings'),
      installment: Type.Optional(
        ToOne('installments', {
          nullable: true,
          description: 'Default: the unpaid ones in the order they fall due, those due on signing first',
        }),
      ),
    },
    { additionalProperties: false },
  ),
});

const paymentInput = ({
  data,
}: Document<Omit<PaymentInput, 'bookingId' | 'installmentId'>>): PaymentInput => ({
  ...data.attributes,
  bookingId: relatedId(data.relationships?.booking) ?? undefined,
  installmentId: relatedId(data.relationships?.installment),
});

export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, installmentDefinition);
  registerWriteRoutes(app, {
    definition: installmentDefinition,
    createBody: InstallmentCreateBody,
    updateBody: InstallmentUpdateBody,
    rules: {
      create:
        'Exactly one of amount, percentage or remainder: true; exactly one of due_date, due_days_before or due_on_signing: true. The fixed and percentage parts may not pass the grand total.',
      update: 'What it resolves to is computed again.',
    },
    create: { command: createInstallment, input: installmentInput, problems: installmentProblems },
    update: { command: updateInstallment, input: installmentInput, problems: installmentProblems },
    remove: deleteInstallment,
  });
  registerReadRoutes(app, paymentDefinition);
  registerWriteRoutes(app, {
    definition: paymentDefinition,
    createBody: PaymentCreateBody,
    updateBody: PaymentCreateBody,
    rules: {
      create:
        'Pays the installment named, else the unpaid ones in the order they fall due, those due on signing first. A refund is at most what has been paid. A reference already recorded is a 409 duplicate_reference.',
      remove: 'The schedule and the booking’s paid total follow.',
    },
    create: {
      command: createPayment,
      input: paymentInput,
      problems: (db, actor, input) => paymentProblems(db, actor, input),
    },
    remove: deletePayment,
  });
};
