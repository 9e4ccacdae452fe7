/**
 * The read tools (SPEC §16): search_bookings and get_booking, thin doors onto the reads the API
 * and the pages use (the bookings list with its search, a booking's events, lines, totals,
 * installments and notes).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BOOKING_STATUSES, bookingsPage } from '../crm/bookings/index.js';
import { bookingEvents } from '../crm/events/index.js';
import { notesAbout } from '../crm/notes/index.js';
import { scheduleOf } from '../crm/payments/index.js';
import { linesOfBooking } from '../crm/pricing/index.js';
import {
  accountNames,
  BookingSummary,
  findBooking,
  noSuchBooking,
  summarize,
  summarizeOne,
} from './booking-summary.js';
import { bookingWords, dueWords, moneyText } from './summary-words.js';
import {
  answer,
  refused,
  result,
  ToolArgumentError,
  type ToolContext,
  venueTimeArgument,
} from './tool-kit.js';
import { UntrustedText, untrusted } from './untrusted-text.js';
import { customFieldsFor, CustomValuesShown, customValuesShown } from './custom-values.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WHEN =
  'A date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM) in the venue’s time zone, or an instant with an offset';

const SearchInput = {
  query: z.string().max(200).optional().describe('Part of a name, reference or e-mail address'),
  status: z.enum(BOOKING_STATUSES).optional(),
  from: z.string().max(40).optional().describe(`Bookings starting at or after this. ${WHEN}`),
  to: z.string().max(40).optional().describe(`Bookings starting before this. ${WHEN}`),
  limit: z.number().int().min(1).max(50).optional().describe('At most this many (default 20, at most 50)'),
};

const Event = z.object({
  id: z.string(),
  name: UntrustedText,
  status: z.enum(BOOKING_STATUSES),
  start_at: z.string(),
  end_at: z.string(),
  guest_count: z.number().int().nullable(),
  setup_style: z.string().nullable(),
  custom_fields: CustomValuesShown,
});
const Line = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  quantity: z.string(),
  unit_price: z.number().int(),
  total: z.number().int(),
});
const Installment = z.object({
  id: z.string(),
  label: z.string(),
  due_on: z.string().nullable(),
  amount_due: z.number().int(),
  paid_amount: z.number().int(),
  state: z.string(),
});
const Note = z.object({ id: z.string(), text: UntrustedText, author: z.string(), created_at: z.string() });
const Totals = z.object({
  subtotal: z.number().int(),
  service_charge_total: z.number().int(),
  tax_total: z.number().int(),
  grand_total: z.number().int(),
  paid_total: z.number().int(),
  balance_due: z.number().int(),
});

export function registerReadTools(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'search_bookings',
    {
      title: 'Search bookings',
      description: 'Finds bookings by name, reference or e-mail, status and start date, earliest first.',
      inputSchema: SearchInput,
      outputSchema: { bookings: z.array(BookingSummary) },
      annotations: READ_ONLY,
    },
    (args) =>
      answer(tool, async ({ zone }) => {
        const problems: string[] = [];
        const from = venueTimeArgument('from', args.from, zone, problems);
        const to = venueTimeArgument('to', args.to, zone, problems);
        if (problems.length > 0) throw new ToolArgumentError(problems);
        const page = await bookingsPage(tool.ctx.db, tool.cursors, tool.actor.organizationId, {
          q: args.query?.trim() || undefined,
          status: args.status,
          from,
          to,
          size: args.limit ?? 20,
        });
        const [names, fields] = await Promise.all([
          accountNames(
            tool,
            page.rows.map((b) => b.account_id),
          ),
          customFieldsFor(tool, 'bookings'),
        ]);
        const bookings = page.rows.map((b) => summarize(tool, b, names, fields));
        const listed = bookings
          .map((b) => `${bookingWords(b, zone)}, balance due ${moneyText(b.balance_due, b.currency)}`)
          .join('; ');
        return result(
          bookings.length === 0 ? 'No booking matches.' : `${bookings.length} booking(s): ${listed}.`,
          { bookings },
        );
      }),
  );

  server.registerTool(
    'get_booking',
    {
      title: 'Get a booking',
      description:
        'One booking by id or reference, with its events, line items, totals, installments and latest notes.',
      inputSchema: { id: z.string().min(1).max(100).describe('The booking’s id or reference (BK-00001)') },
      outputSchema: {
        booking: BookingSummary.extend({
          events: z.array(Event),
          line_items: z.array(Line),
          totals: Totals,
          installments: z.array(Installment),
          notes: z.array(Note).describe('The latest 10'),
        }),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      answer(tool, async ({ zone }) => {
        const booking = await findBooking(tool, args.id.trim());
        if (!booking) return refused(noSuchBooking(args.id));
        const db = tool.ctx.db;
        const org = tool.actor.organizationId;
        const [summary, events, lines, installments, notes, eventFields] = await Promise.all([
          summarizeOne(tool, booking),
          bookingEvents({ db }, org, booking.id),
          linesOfBooking(db, booking.id),
          scheduleOf(db, booking.id),
          notesAbout(db, org, 'bookings', booking.id),
          customFieldsFor(tool, 'events'),
        ]);
        const full = {
          ...summary,
          events: events.map((e) => ({
            id: e.id,
            name: untrusted(e.name),
            status: e.status,
            start_at: e.startAt,
            end_at: e.endAt,
            guest_count: e.guestCount,
            setup_style: e.setupStyle,
            custom_fields: customValuesShown(e.customFields, eventFields),
          })),
          line_items: lines.map((l) => ({
            id: l.id,
            name: l.name,
            category: l.category,
            quantity: String(l.quantity),
            unit_price: l.unitPrice,
            total: l.total,
          })),
          totals: {
            subtotal: Number(booking.subtotal),
            service_charge_total: Number(booking.service_charge_total),
            tax_total: Number(booking.tax_total),
            grand_total: Number(booking.grand_total),
            paid_total: Number(booking.paid_total),
            balance_due: summary.balance_due,
          },
          installments: installments.map((i) => ({
            id: i.id,
            label: i.label,
            due_on: i.dueOn,
            amount_due: i.amountDue,
            paid_amount: i.paidAmount,
            state: i.state,
          })),
          notes: notes
            .slice(0, 10)
            .map((n) => ({ id: n.id, text: untrusted(n.body), author: n.author, created_at: n.createdAt })),
        };
        const money = (minor: number) => moneyText(minor, booking.currency);
        const next = full.installments.find((i) => i.paid_amount < i.amount_due);
        const nextWords = next
          ? `; next installment ${money(next.amount_due - next.paid_amount)} ${dueWords(next.due_on)}`
          : '';
        return result(
          `${bookingWords(booking, zone)}: ${events.length} event(s), total ${money(full.totals.grand_total)}, ` +
            `paid ${money(full.totals.paid_total)}, balance due ${money(summary.balance_due)}${nextWords}.`,
          { booking: full },
        );
      }),
  );
}
