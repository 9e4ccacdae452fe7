/**
 * What a change of the venue's data means to its automations (SPEC §18): the trigger it may start
 * runs of (an inquiry, a booking made, a status reached, a stage entered, a document sent or
 * signed, a payment) and the exits it may end runs by (a status, a signed document, the client
 * writing), read from the change as /v2/changes tells it. Date triggers are not changes: the
 * engine's daily look finds them (automation-dates.ts).
 */
import type { ExitRule, Trigger, TriggerType } from './automation-shapes.js';

/** A change as recordChange is given it: its type, the record after it, the old values it changed. */
export interface ChangeFacts {
  type: string;
  object: { type: string; id: string; attributes?: Record<string, unknown>; relationships?: unknown };
  previousAttributes?: Record<string, unknown> | undefined;
}

/** What happened to a booking that automations may answer. */
export interface Occasion {
  bookingId: string;
  /** The triggers it meets, with what they may name (a status, a stage, a kind, a source). */
  triggers: Array<{ type: TriggerType; status?: string; stageId?: string; kind?: string; source?: string }>;
  /** The exits it meets. */
  exits: Array<'document.signed' | 'message.received' | { status: string }>;
}

/** The change types an occasion can come from: only these are looked at, at each write. */
export const OCCASION_CHANGE_TYPES: ReadonlySet<string> = new Set([
  'booking.created',
  'booking.updated',
  'booking.status_changed',
  'document.updated',
  'payment.created',
  'message.received',
]);

function bookingOf(object: ChangeFacts['object']): string | undefined {
  const relationships = object.relationships as { booking?: { data?: { id?: unknown } | null } } | undefined;
  const id = relationships?.booking?.data?.id;
  return typeof id === 'string' ? id : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The occasion a change is, or undefined when no automation could answer it. */
export function occasionOf(change: ChangeFacts): Occasion | undefined {
  if (!OCCASION_CHANGE_TYPES.has(change.type)) return undefined;
  const attributes = change.object.attributes ?? {};
  const previous = change.previousAttributes ?? {};
  const status = text(attributes.status);
  switch (change.type) {
    case 'booking.created': {
      const source = text(attributes.source);
      const triggers: Occasion['triggers'] = [{ type: 'booking.created', ...(source ? { source } : {}) }];
      if (source === 'inquiry_form') triggers.push({ type: 'inquiry.received', source });
      return { bookingId: change.object.id, triggers, exits: [] };
    }
    case 'booking.status_changed':
      if (!status) return undefined;
      return {
        bookingId: change.object.id,
        triggers: [{ type: 'booking.status_changed', status }],
        exits: [{ status }],
      };
    case 'booking.updated': {
      const stageId = text(attributes.stage_id);
      if (!('stage_id' in previous) || !stageId) return undefined;
      return {
        bookingId: change.object.id,
        triggers: [{ type: 'booking.stage_entered', stageId }],
        exits: [],
      };
    }
    case 'document.updated': {
      const bookingId = bookingOf(change.object);
      const kind = text(attributes.kind);
      if (!bookingId || !('status' in previous) || previous.status === status) return undefined;
      if (status === 'sent')
        return { bookingId, triggers: [{ type: 'document.sent', ...(kind ? { kind } : {}) }], exits: [] };
      if (status === 'signed')
        return {
          bookingId,
          triggers: [{ type: 'document.signed', ...(kind ? { kind } : {}) }],
          exits: ['document.signed'],
        };
      return undefined;
    }
    case 'payment.created': {
      const bookingId = bookingOf(change.object);
      return bookingId ? { bookingId, triggers: [{ type: 'payment.received' }], exits: [] } : undefined;
    }
    case 'message.received': {
      const bookingId = bookingOf(change.object);
      return bookingId ? { bookingId, triggers: [], exits: ['message.received'] } : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether `trigger` is met by one of the occasion's. */
export function meets(trigger: Trigger, occasion: Occasion): boolean {
  return occasion.triggers.some((met) => {
    if (met.type !== trigger.type) return false;
    if (trigger.status !== undefined && met.status !== trigger.status) return false;
    if (trigger.stage_id !== undefined && met.stageId !== trigger.stage_id) return false;
    if (trigger.kind !== undefined && met.kind !== trigger.kind) return false;
    if (trigger.sources !== undefined && !trigger.sources.includes(met.source ?? '')) return false;
    return true;
  });
}

/** Whether one of `rules` ends a run on this occasion. */
export function exits(rules: readonly ExitRule[], occasion: Occasion): boolean {
  return rules.some((rule) =>
    occasion.exits.some((met) =>
      rule.type === 'status' ? typeof met === 'object' && rule.value.includes(met.status) : met === rule.type,
    ),
  );
}

/** What an organization's enabled automations listen for: trigger types, and whether any has exits. */
export function listensTo(
  automations: ReadonlyArray<{ trigger: Trigger; exitOn: readonly ExitRule[] }>,
  occasion: Occasion,
): boolean {
  return automations.some(
    (a) => meets(a.trigger, occasion) || (occasion.exits.length > 0 && exits(a.exitOn, occasion)),
  );
}
