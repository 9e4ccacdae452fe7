/**
 * The demo venue's sales pipeline (SPEC §15): its bookings placed in the default pipeline's stages
 * by status (an enquiry early, an option at the proposal, a confirmed booking won, a lost one in
 * none), spread over the neighbouring stages so the board shows every column, and each told where
 * it came from: a private party found the venue on its website, on Instagram or at a wedding fair
 * and sent the inquiry form; a company phoned, or was sent by someone the venue served.
 */
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { monotonicId } from '../db/ids.js';
import type { BookingStatus } from '../crm/bookings/booking.table.js';

export const DEMO_REFERRAL_SOURCES = ['Website', 'Wedding fair', 'Referral', 'Instagram', 'Phone'] as const;
type ReferralSource = (typeof DEMO_REFERRAL_SOURCES)[number];

/** The referral sources of each way a booking came in, taken in turn. */
const SOURCES_BY_WAY_IN: Record<string, readonly ReferralSource[]> = {
  inquiry_form: ['Website', 'Instagram', 'Wedding fair'],
  workspace: ['Phone', 'Referral'],
};

/** The stages a booking of each status may be in, taken in turn. */
const STAGES_BY_STATUS: Record<BookingStatus, readonly string[]> = {
  lead: ['New inquiry', 'Site visit'],
  tentative: ['Proposal sent', 'Negotiating'],
  definite: ['Won'],
  closed: ['Won'],
  lost: [],
};

interface Placeable {
  status: BookingStatus;
  /** How it came in (`inquiry_form`, `workspace`…). */
  source: string | null;
  stage_id: string | null;
  referral_source_id: string | null;
}

/** Adds the demo's referral sources and places `bookings` (changed in place) in stages and sources. */
export async function placeDemoBookings(
  trx: Trx,
  organizationId: string,
  bookings: Placeable[],
  now: number,
): Promise<void> {
  const at = isoTime(now);
  const sources = DEMO_REFERRAL_SOURCES.map((name) => ({
    id: monotonicId(now),
    organization_id: organizationId,
    name,
    created_at: at,
    updated_at: at,
  }));
  await trx.insertInto('referral_sources').values(sources).execute();
  const stages = await trx
    .selectFrom('stages')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .execute();
  const stageNamed = new Map(stages.map((s) => [s.name, s.id]));
  const sourceNamed = new Map(DEMO_REFERRAL_SOURCES.map((name, i) => [name, sources[i]!.id]));
  const turns = new Map<string, number>();
  const turn = (key: string) => {
    const taken = turns.get(key) ?? 0;
    turns.set(key, taken + 1);
    return taken;
  };
  bookings.forEach((booking, index) => {
    const names = STAGES_BY_STATUS[booking.status];
    const name = names[turn(booking.status) % Math.max(1, names.length)];
    booking.stage_id = name === undefined ? null : (stageNamed.get(name) ?? null);
    // Most bookings say where they came from; every fifth does not.
    const ways = SOURCES_BY_WAY_IN[booking.source ?? ''] ?? [];
    const way = ways[turn(`source:${booking.source}`) % Math.max(1, ways.length)];
    booking.referral_source_id = index % 5 === 4 || way === undefined ? null : sourceNamed.get(way)!;
  });
}
