/**
 * The write tools (SPEC §16), for grants with crm_manage: add_note and update_booking_status run
 * the very commands the API and the pages run (src/crm), as the consenting user at the
 * `assistant` door, so every rule, change event and webhook is theirs. A refusal is the API's
 * words (tool-kit.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BOOKING_STATUSES, updateBooking } from '../crm/bookings/index.js';
import { createNote } from '../crm/notes/index.js';
import { write } from '../writes/unit-of-work.js';
import { BookingSummary, findBooking, noSuchBooking, summarizeOne } from './booking-summary.js';
import { whenWords } from './summary-words.js';
import { answer, refused, result, type ToolContext } from './tool-kit.js';
import { CustomValuesGiven } from './custom-values.js';

const BOOKING_ID = z.string().min(1).max(100).describe('The booking’s id or reference (BK-00001)');

export function registerWriteTools(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'add_note',
    {
      title: 'Add a note to a booking',
      description: 'Adds a note (a call, a wish, a decision) to a booking, written as you.',
      inputSchema: { booking_id: BOOKING_ID, text: z.string().min(1).max(20_000) },
      outputSchema: { note: z.object({ id: z.string() }) },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      answer(tool, async () => {
        const booking = await findBooking(tool, args.booking_id.trim());
        if (!booking) return refused(noSuchBooking(args.booking_id));
        const note = await write(tool.ctx.app.writer, tool.actor, createNote, {
          body: args.text,
          notable: { type: 'bookings', id: booking.id },
        });
        return result(`Note added to ${booking.reference}.`, { note: { id: note.id } });
      }),
  );

  server.registerTool(
    'update_booking_status',
    {
      title: 'Move a booking to another status',
      description:
        'lead → tentative | definite; tentative → definite | lead; definite → tentative | lead | closed; ' +
        'any open status → lost (with lost_reason); lost → lead. A definite booking may not clash with another.',
      inputSchema: {
        booking_id: BOOKING_ID,
        status: z.enum(BOOKING_STATUSES),
        lost_reason: z.string().max(2000).optional().describe('Required when the status is lost'),
      },
      outputSchema: { booking: BookingSummary },
      // Closing or losing a booking is undone only by other moves (closed is final).
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answer(tool, async ({ zone }) => {
        const booking = await findBooking(tool, args.booking_id.trim());
        if (!booking) return refused(noSuchBooking(args.booking_id));
        const updated = await write(tool.ctx.app.writer, tool.actor, updateBooking, {
          id: booking.id,
          ifMatch: undefined,
          input: {
            status: args.status,
            ...(args.lost_reason === undefined ? {} : { lost_reason: args.lost_reason }),
          },
        });
        return result(`${updated.reference} (${whenWords(updated, zone)}) is now ${updated.status}.`, {
          booking: await summarizeOne(tool, updated),
        });
      }),
  );

  server.registerTool(
    'update_booking_custom_fields',
    {
      title: 'Set a booking’s own fields',
      description:
        'Sets the venue’s own fields of a booking (the keys of its custom_fields), judged as the API judges them; null clears one.',
      inputSchema: { booking_id: BOOKING_ID, custom_fields: CustomValuesGiven.unwrap() },
      outputSchema: { booking: BookingSummary },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      answer(tool, async ({ zone }) => {
        const booking = await findBooking(tool, args.booking_id.trim());
        if (!booking) return refused(noSuchBooking(args.booking_id));
        const updated = await write(tool.ctx.app.writer, tool.actor, updateBooking, {
          id: booking.id,
          ifMatch: undefined,
          input: { custom_fields: args.custom_fields },
        });
        const keys = Object.keys(args.custom_fields).join(', ');
        return result(`${updated.reference} (${whenWords(updated, zone)}): ${keys} saved.`, {
          booking: await summarizeOne(tool, updated),
        });
      }),
  );
}
