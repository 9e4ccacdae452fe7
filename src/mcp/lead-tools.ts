/**
 * create_lead and payments_due (SPEC §16): a lead as an inquiry makes one (its contact reused by
 * e-mail, a lead booking with one event, the message as a note), told as any other change; and
 * the installments still owed.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createBooking } from '../crm/bookings/booking.commands.js';
import type { Booking } from '../crm/bookings/booking.table.js';
import { createNote } from '../crm/notes/note.commands.js';
import { addDays, isDate } from '../wall-clock.js';
import { type Command, write } from '../writes/unit-of-work.js';
import {
  answer,
  bookingUrl,
  organizationZone,
  result,
  ToolArgumentError,
  type ToolContext,
  venueInstant,
} from './tool-kit.js';
import { paymentsDue } from './payments-due.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const LeadInput = {
  name: z.string().min(1).max(200).describe('What the event is called, e.g. “Brennan wedding”'),
  contact: z.object({
    first_name: z.string().min(1).max(100),
    last_name: z.string().min(1).max(100),
    email: z.string().min(3).max(254),
    phone: z.string().max(50).optional(),
  }),
  date: z.string().describe('YYYY-MM-DD, in the venue’s time zone'),
  start_time: z.string().optional().describe('HH:MM'),
  end_time: z.string().optional().describe('HH:MM; after midnight means the next day'),
  guest_count: z.number().int().min(0).max(1_000_000).optional(),
  event_type: z.string().max(100).optional(),
  message: z.string().max(20_000).optional().describe('What they asked; kept as a note on the booking'),
};
type LeadArgs = z.infer<z.ZodObject<typeof LeadInput>>;

interface Lead {
  args: LeadArgs;
  zone: string;
}

/** The booking's times: the day (all day) or its times in the venue's zone; every bad one named. */
function leadTimes({ args, zone }: Lead) {
  const problems: string[] = [];
  if (!isDate(args.date)) problems.push(`date "${args.date}" is not a date (YYYY-MM-DD).`);
  for (const name of ['start_time', 'end_time'] as const) {
    const value = args[name];
    if (value !== undefined && !TIME.test(value)) problems.push(`${name} "${value}" is not a time (HH:MM).`);
  }
  if (args.end_time !== undefined && args.start_time === undefined)
    problems.push('end_time needs a start_time.');
  if (problems.length > 0) throw new ToolArgumentError(problems);
  if (args.start_time === undefined) return { start_date: args.date, end_date: args.date };
  const start = venueInstant(`${args.date}T${args.start_time}`, zone)!;
  const endDay =
    args.end_time === undefined || args.end_time <= args.start_time ? addDays(args.date, 1) : args.date;
  const end = venueInstant(`${endDay}T${args.end_time ?? '00:00'}`, zone)!;
  return { start_at: start, end_at: end };
}

/** One unit of work: the lead booking (with its contact) and the message as its note. */
const createAssistantLead: Command<Lead, Booking> = {
  async run(work, lead) {
    const { args, zone } = lead;
    const booking = await createBooking.run(work, {
      name: args.name,
      status: 'lead',
      timezone: zone,
      ...leadTimes(lead),
      guest_count: args.guest_count ?? null,
      event_type: args.event_type ?? null,
      newContact: {
        first_name: args.contact.first_name,
        last_name: args.contact.last_name,
        email: args.contact.email,
        phone_number: args.contact.phone ?? null,
      },
    });
    if (args.message?.trim())
      await createNote.run(work, { body: args.message, notable: { type: 'bookings', id: booking.id } });
    return booking;
  },
};

export function registerLeadTool(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'create_lead',
    {
      title: 'Create a lead',
      description:
        'A new lead booking with one event, as an inquiry makes one: the contact is reused by e-mail, the message kept as a note.',
      inputSchema: LeadInput,
      outputSchema: { booking: z.object({ id: z.string(), reference: z.string(), url: z.string() }) },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      answer(async () => {
        const zone = await organizationZone(tool);
        const booking = await write(tool.ctx.app.writer, tool.actor, createAssistantLead, { args, zone });
        const url = bookingUrl(tool, booking.id);
        return result(`Lead ${booking.reference} “${booking.name}” created: ${url}`, {
          booking: { id: booking.id, reference: booking.reference, url },
        });
      }),
  );
}

export function registerPaymentsTool(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'payments_due',
    {
      title: 'Payments due',
      description: 'The installments still owed, by due date, optionally due between two dates.',
      inputSchema: {
        from: z.string().optional().describe('YYYY-MM-DD: due on or after'),
        to: z.string().optional().describe('YYYY-MM-DD: due on or before'),
      },
      outputSchema: {
        installments: z.array(
          z.object({
            id: z.string(),
            booking_id: z.string(),
            booking_reference: z.string(),
            booking_name: z.string(),
            label: z.string(),
            due_on: z.string().nullable(),
            amount_due: z.number().int(),
            paid_amount: z.number().int(),
            balance: z.number().int().describe('amount_due − paid_amount, minor units'),
            currency: z.string(),
            state: z.string(),
            url: z.string(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answer(async () => {
        const problems = (['from', 'to'] as const)
          .filter((name) => args[name] !== undefined && !isDate(args[name]))
          .map((name) => `${name} "${args[name]}" is not a date (YYYY-MM-DD).`);
        if (problems.length > 0) throw new ToolArgumentError(problems);
        const rows = await paymentsDue(tool.ctx.db, tool.actor.organizationId, {
          from: args.from,
          to: args.to,
        });
        const installments = rows.map((r) => ({ ...r, url: bookingUrl(tool, r.booking_id) }));
        const owed = new Map<string, number>();
        for (const i of installments) owed.set(i.currency, (owed.get(i.currency) ?? 0) + i.balance);
        const totals = [...owed].map(([currency, amount]) => `${amount} ${currency}`).join(', ');
        return result(
          installments.length === 0
            ? 'Nothing is owed.'
            : `${installments.length} installment(s) owed: ${totals} (minor units).`,
          { installments },
        );
      }),
  );
}
