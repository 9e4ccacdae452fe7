/**
 * check_availability (SPEC §16): GET /v2/availability's own service and parameter rules, with
 * times an assistant may give in the venue's zone.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../crm/bookings/index.js';
import { availability, readAvailabilityQuery, SETUP_STYLES } from '../crm/events/index.js';
import { stretchWords } from './summary-words.js';
import { answer, result, ToolArgumentError, type ToolContext, venueTimeArgument } from './tool-kit.js';
import { UntrustedText, untrusted } from './untrusted-text.js';

const WHEN = 'YYYY-MM-DDTHH:MM in the venue’s time zone, or an instant with an offset';

const Hold = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  booking_name: UntrustedText,
  status: z.enum(BOOKING_STATUSES),
  event_id: z.string(),
  event_name: UntrustedText,
  start_at: z.string(),
  end_at: z.string(),
});

const Space = z.object({
  id: z.string().describe('The space’s id'),
  space_name: z.string(),
  capacity: z.number().int().nullable().describe('Guests it takes for the setup style asked about'),
  fits: z.boolean().describe('Whether the guests asked about fit (true when none were)'),
  state: z
    .enum(['free', 'held', 'taken'])
    .describe('taken: a definite event occupies it; held: only options do'),
  holds: z.array(Hold),
});

export function registerAvailabilityTool(server: McpServer, tool: ToolContext): void {
  server.registerTool(
    'check_availability',
    {
      title: 'Check availability',
      description:
        'Each space for a stretch of time: free, held by options or taken, with the bookings in the way.',
      inputSchema: {
        start_at: z.string().max(40).describe(`Start. ${WHEN}`),
        end_at: z.string().max(40).describe(`End, after the start. ${WHEN}`),
        guest_count: z.number().int().min(0).max(1_000_000).optional(),
        setup_style: z.enum(SETUP_STYLES).optional(),
      },
      outputSchema: { spaces: z.array(Space) },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answer(tool, async ({ zone }) => {
        const problems: string[] = [];
        const startAt = venueTimeArgument('start_at', args.start_at, zone, problems);
        const endAt = venueTimeArgument('end_at', args.end_at, zone, problems);
        if (problems.length > 0) throw new ToolArgumentError(problems);
        // The API's own rules from here on: the end after the start, at most two years apart.
        const query = readAvailabilityQuery({
          start_at: startAt,
          end_at: endAt,
          guest_count: args.guest_count === undefined ? undefined : String(args.guest_count),
          setup_style: args.setup_style,
        });
        const spaces = await availability(tool.ctx.db, tool.actor.organizationId, query);
        const structured = spaces.map((s) => ({
          id: s.spaceId,
          space_name: s.spaceName,
          capacity: s.capacity,
          fits: s.fits,
          state: s.state,
          holds: s.holds.map((h) => ({
            ...h,
            booking_name: untrusted(h.booking_name),
            event_name: untrusted(h.event_name),
          })),
        }));
        const free = structured.filter((s) => s.state === 'free' && s.fits).map((s) => s.space_name);
        const when = stretchWords(query.startAt, query.endAt, zone);
        const inTheWay = (state: 'held' | 'taken') =>
          structured
            .filter((s) => s.state === state)
            .map(
              (s) => `${s.space_name} (${[...new Set(s.holds.map((h) => h.booking_reference))].join(', ')})`,
            );
        const held = inTheWay('held');
        const taken = inTheWay('taken');
        return result(
          [
            free.length === 0
              ? `No space is free${args.guest_count === undefined ? '' : ' for that many guests'} on ${when}.`
              : `Free on ${when}: ${free.join(', ')}.`,
            held.length === 0 ? '' : ` Held by options: ${held.join(', ')}.`,
            taken.length === 0 ? '' : ` Taken: ${taken.join(', ')}.`,
          ].join(''),
          { spaces: structured },
        );
      }),
  );
}
