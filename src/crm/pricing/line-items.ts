/**
 * Writing a booking's line items (SPEC §12), as units of work: each write judges the line against
 * the facts it names (line-item-rules.ts), keeps the figures it computes, and brings its booking's
 * sums up to date in the same unit of work (booking-totals.ts).
 */
import type { Db, Trx } from '../../db/database.js';
import { aggregateOf } from '../../db/aggregates.js';
import type { Actor } from '../../policy/actor.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { touchBooking } from '../bookings/aggregate.js';
import { checkLineItem, type LineFacts, type LineItemInput } from './line-item-rules.js';
import { lineItemDefinition } from './line-item.resource.js';
import type { LineItem } from './line-item.table.js';
import { taxRateIdsOf } from './line-item.codec.js';
import { taxRatesById } from './tax-rate-links.js';
import { flag } from '../data/row-mappers.js';
import { changedFields } from '../data/changed-fields.js';
import { LINE_ITEM_ACTIONS } from './pricing.policy.js';

export type { LineItemInput } from './line-item-rules.js';

async function lineFacts(
  db: Db | Trx,
  organizationId: string,
  input: LineItemInput,
  current: LineItem | undefined,
): Promise<LineFacts> {
  const bookingId = current?.booking_id ?? input.bookingId;
  const eventId = input.eventId !== undefined ? input.eventId : (current?.event_id ?? null);
  const [booking, event, item, organization, last] = await Promise.all([
    bookingId === undefined
      ? undefined
      : db
          .selectFrom('bookings')
          .select(['id', 'line_count', 'grand_total', 'currency'])
          .where('organization_id', '=', organizationId)
          .where('id', '=', bookingId)
          .executeTakeFirst(),
    eventId === null
      ? undefined
      : db
          .selectFrom('events')
          .select(['id', 'booking_id', 'guest_count', 'guaranteed_count'])
          .where('organization_id', '=', organizationId)
          .where('id', '=', eventId)
          .executeTakeFirst(),
    input.itemId === undefined
      ? undefined
      : db
          .selectFrom('items')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .where('id', '=', input.itemId)
          .executeTakeFirst(),
    db
      .selectFrom('organizations')
      .select(['service_charge_percentage', 'service_charge_taxable'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    bookingId === undefined || current
      ? undefined
      : db
          .selectFrom('line_items')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('booking_id', '=', bookingId)
          .executeTakeFirst(),
  ]);
  const taxRateIds = input.tax_rate_ids ?? (item ? taxRateIdsOf(item) : []);
  return {
    booking: booking && {
      id: booking.id,
      line_count: Number(booking.line_count),
      grand_total: Number(booking.grand_total),
      currency: booking.currency,
    },
    event,
    item,
    taxRates: await taxRatesById(db, organizationId, taxRateIds),
    serviceCharge: {
      percentage: organization.service_charge_percentage,
      taxable: flag(organization.service_charge_taxable),
    },
    // None yet (no row, or a max of none: null) is a last place of 0.
    nextPosition: (aggregateOf(last?.position) ?? 0) + 1,
  };
}

async function judged(
  db: Db | Trx,
  actor: Pick<Actor, 'organizationId'>,
  input: LineItemInput,
  current?: LineItem,
) {
  return checkLineItem(input, current, await lineFacts(db, actor.organizationId, input, current));
}

/** Every problem of a line item input, writing nothing (the API's 422). */
export async function lineItemProblems(
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: LineItemInput,
  current?: LineItem,
) {
  return (await judged(db, actor, input, current)).problems;
}

export const createLineItem = createCommand<'line_items', LineItemInput>({
  action: LINE_ITEM_ACTIONS.create,
  definition: lineItemDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => given as Required<typeof given>,
  afterWrite: async (work, created) => touchBooking(work, created.booking_id, { lines: true }),
});

export const updateLineItem = updateCommand<'line_items', LineItemInput>({
  action: LINE_ITEM_ACTIONS.update,
  definition: lineItemDefinition,
  async check(trx, actor, input, current) {
    const checked = await judged(trx, actor, input, current);
    return { ...checked, value: changedFields(current, checked.value) };
  },
  afterWrite: async (work, _current, updated) => touchBooking(work, updated.booking_id, { lines: true }),
});

export const deleteLineItem = deleteCommand({
  action: LINE_ITEM_ACTIONS.delete,
  definition: lineItemDefinition,
  after: async (work, current) => touchBooking(work, current.booking_id, { lines: true }),
});
