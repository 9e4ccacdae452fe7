/**
 * create_lead and payments_due (SPEC §16): the inquiries' own lead command (SPEC §14: the contact
 * reused by e-mail, a lead booking with one event, the message as a note; its source "assistant")
 * and the payments_due report, as they are.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createLead } from '../crm/leads/index.js';
import { paymentsDue } from '../crm/reports/index.js';
import { excerpt } from '../text-excerpt.js';
import { isDate, missingDayWords } from '../wall-clock.js';
import { write } from '../writes/unit-of-work.js';
import { dueWords, moneyText, sumsWords, whenWords } from './summary-words.js';
import { answer, bookingUrl, result, ToolArgumentError, type ToolContext } from './tool-kit.js';
import { NullableUntrustedText, UntrustedText, untrusted, untrustedOrNull } from './untrusted-text.js';
import { CustomValuesGiven } from './custom-values.js';

const LeadInput = {
  name: z.string().min(1).max(200).describe('What the event is called, e.g. “Brennan wedding”'),
  contact: z.object({
    first_name: z.string().min(1).max(100),
    last_name: z.string().min(1).max(100),
    email: z.string().min(3).max(254),
    phone: z.string().max(50).optional(),
  }),
  date: z.string().max(40).describe('YYYY-MM-DD, in the venue’s time zone'),
  start_time: z.string().max(10).optional().describe('HH:MM'),
  end_time: z.string().max(10).optional().describe('HH:MM; after midnight means the next day'),
  guest_count: z.number().int().min(0).max(1_000_000).optional(),
  event_type: z.string().max(100).optional(),
  message: z.string().max(20_000).optional().describe('What they asked; kept as a note on the booking'),
  custom_fields: CustomValuesGiven,
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
      answer(tool, async ({ zone }) => {
        const booking = await write(tool.ctx.app.writer, tool.actor, createLead, {
          ...args,
          source: 'assistant',
        });
        const url = bookingUrl(tool, booking.id);
        return result(`Lead ${booking.reference} for ${whenWords(booking, zone)} created: ${url}`, {
          booking: { id: booking.id, reference: booking.reference, url },
        });
      }),
  );
}

/** How many installments the summary names; structuredContent holds them all. */
const LISTED = 20;

export function registerPaymentsTool(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'payments_due',
    {
      title: 'Payments due',
      description:
        'The installments due or overdue now; with from and/or to, the unpaid ones falling due in those days.',
      inputSchema: {
        from: z.string().max(40).optional().describe('YYYY-MM-DD: due on or after'),
        to: z.string().max(40).optional().describe('YYYY-MM-DD: due on or before'),
      },
      outputSchema: {
        installments: z.array(
          z.object({
            installment_id: z.string(),
            label: z.string(),
            booking_id: z.string(),
            booking_reference: z.string(),
            booking_name: UntrustedText,
            contact_name: NullableUntrustedText,
            contact_email: NullableUntrustedText,
            due_on: z.string().nullable().describe('YYYY-MM-DD; null: due on signing'),
            amount: z.number().int().describe('What it is due, minor units'),
            paid: z.number().int(),
            outstanding: z.number().int(),
            currency: z.string(),
            state: z.string(),
            overdue: z.boolean(),
            url: z.string().describe('The booking’s page'),
          }),
        ),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answer(tool, async () => {
        const problems = (['from', 'to'] as const)
          .filter((name) => args[name] !== undefined && !isDate(args[name]))
          .map((name) => {
            const value = args[name]!;
            const missing = missingDayWords(value);
            return missing
              ? `${name}: ${missing}`
              : `${name} "${excerpt(value)}" is not a date (YYYY-MM-DD).`;
          });
        if (problems.length > 0) throw new ToolArgumentError(problems);
        const rows = await paymentsDue(tool.ctx.db, tool.actor.organizationId, {
          from: args.from,
          to: args.to,
        });
        const installments = rows.map((r) => ({
          ...r,
          booking_name: untrusted(r.booking_name),
          contact_name: untrustedOrNull(r.contact_name),
          contact_email: untrustedOrNull(r.contact_email),
          url: bookingUrl(tool, r.booking_id),
        }));
        const total = sumsWords(installments.map((i) => ({ amount: i.outstanding, currency: i.currency })));
        const listed = installments
          .slice(0, LISTED)
          .map(
            (i) =>
              `${i.booking_reference} ${moneyText(i.outstanding, i.currency)} ${dueWords(i.due_on)}${i.overdue ? ' (overdue)' : ''}`,
          );
        const more = installments.length > LISTED ? `; and ${installments.length - LISTED} more` : '';
        return result(
          installments.length === 0
            ? 'Nothing is owed.'
            : `${installments.length} installment(s) owed, ${total} in all: ${listed.join('; ')}${more}.`,
          { installments },
        );
      }),
  );
}
