/** Turning a service's refusal into what a form shows. */
import { createBooking } from '../../crm/bookings/booking.service.js';
import type { BookingInput } from '../../crm/bookings/booking-rules.js';
import type { Db } from '../../db/database.js';
import { ValidationError } from '../../errors.js';
import type { WorkspaceVisitor } from './workspace-visitor.js';
import { html, type SafeHtml } from '../html.js';
import type { FieldErrors } from './form-fields.js';

/** Field → message when the service refused the input; anything else is not the form's to show. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ValidationError) return error.fieldMessages();
  throw error;
}

/** The messages as sentences, for a refusal shown away from the fields. */
export function messagesOf(errors: FieldErrors): SafeHtml {
  return html`${Object.values(errors).map((m) => html`<p>${m}</p>`)}`;
}

class CheckOnly extends Error {}

/**
 * What the service says of a booking whose other fields could not be read: it runs in a
 * transaction that is always rolled back, with harmless stand-ins for the unreadable fields.
 */
export async function serviceProblems(
  db: Db,
  v: WorkspaceVisitor,
  input: BookingInput,
): Promise<FieldErrors> {
  const probe: BookingInput = {
    ...input,
    start_at: input.start_at ?? '1970-01-01T00:00:00.000Z',
    end_at:
      input.end_at ??
      (input.start_at ? new Date(Date.parse(input.start_at) + 1).toISOString() : '1970-01-01T01:00:00.000Z'),
    guest_count: Number.isNaN(input.guest_count) ? null : input.guest_count,
    status: ['lead', 'tentative', 'definite'].includes(input.status ?? '') ? input.status : 'lead',
  };
  try {
    await db.transaction().execute(async (trx) => {
      await createBooking(trx, v.actor, probe, 0);
      throw new CheckOnly();
    });
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldMessages();
    if (
      !(error instanceof CheckOnly) &&
      !(error instanceof Error && 'code' in error && error.code === 'space_conflict')
    )
      throw error;
  }
  return {};
}
