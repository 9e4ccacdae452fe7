/**
 * Changes (SPEC §8, §11), as webhook deliveries carry them and as `changes.list`/`changes.get`
 * return them: `{id, type, created_at, organization_id, data: {object, previous_attributes?}}`,
 * a union discriminated by `type`. `data.object` is the JSON:API resource after the change (with
 * `links.self`), or `{type, id}` after a delete; `previous_attributes` holds the old values of
 * what an update changed (attributes by name, relationships as `{data}`).
 */
import type { ResourceIdentifier } from './jsonapi.js';
import type {
  Account,
  Booking,
  BookingStatus,
  Contact,
  Event,
  EventType,
  Note,
  Organization,
  Pipeline,
  ReferralSource,
  TaxRate,
  Item,
  LineItem,
  Installment,
  Payment,
  Document,
  EmailTemplate,
  Task,
  Message,
  Space,
  Stage,
} from './types.js';
import { ATTRIBUTES, RELATIONSHIPS } from './types.js';
import type { Automation } from './automation-types.js';

export const CHANGE_TYPES = [
  'booking.created',
  'booking.updated',
  'booking.deleted',
  'account.created',
  'account.updated',
  'account.deleted',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'space.created',
  'space.updated',
  'space.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'booking.status_changed',
  'organization.updated',
  'event.created',
  'event.updated',
  'event.deleted',
  'event_type.created',
  'event_type.updated',
  'event_type.deleted',
  'pipeline.created',
  'pipeline.updated',
  'pipeline.deleted',
  'stage.created',
  'stage.updated',
  'stage.deleted',
  'referral_source.created',
  'referral_source.updated',
  'referral_source.deleted',
  'tax_rate.created',
  'tax_rate.updated',
  'tax_rate.deleted',
  'item.created',
  'item.updated',
  'item.deleted',
  'line_item.created',
  'line_item.updated',
  'line_item.deleted',
  'installment.created',
  'installment.updated',
  'installment.deleted',
  'payment.created',
  'payment.updated',
  'payment.deleted',
  'booking.paid',
  'document.created',
  'document.updated',
  'document.deleted',
  'email_template.created',
  'email_template.updated',
  'email_template.deleted',
  'automation.created',
  'automation.updated',
  'automation.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
  'message.received',
  'message.sent',
  'message.failed',
  'message.updated',
] as const;

export type ChangeType = (typeof CHANGE_TYPES)[number];

interface ResourceTypes {
  booking: 'bookings';
  event: 'events';
  event_type: 'event_types';
  account: 'accounts';
  contact: 'contacts';
  space: 'spaces';
  note: 'notes';
  pipeline: 'pipelines';
  stage: 'stages';
  referral_source: 'referral_sources';
  tax_rate: 'tax_rates';
  item: 'items';
  line_item: 'line_items';
  installment: 'installments';
  payment: 'payments';
  document: 'documents';
  email_template: 'email_templates';
  automation: 'automations';
  task: 'tasks';
}
type Subject = keyof ResourceTypes;
type VenueResourceType = ResourceTypes[Subject] | 'organizations' | 'messages';

interface PlainResources {
  bookings: Booking;
  events: Event;
  event_types: EventType;
  accounts: Account;
  contacts: Contact;
  spaces: Space;
  notes: Note;
  pipelines: Pipeline;
  stages: Stage;
  referral_sources: ReferralSource;
  tax_rates: TaxRate;
  items: Item;
  line_items: LineItem;
  installments: Installment;
  payments: Payment;
  documents: Document;
  email_templates: EmailTemplate;
  automations: Automation;
  tasks: Task;
  organizations: Organization;
  messages: Message;
}

/** A resource's attributes as the API sends them (e.g. `ChangeAttributes<'bookings'>`). */
export type ChangeAttributes<T extends VenueResourceType> = Pick<
  PlainResources[T],
  (typeof ATTRIBUTES)[T][number] & keyof PlainResources[T]
>;

export interface RelationshipValue {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

type RelationshipName<T extends VenueResourceType> = (typeof RELATIONSHIPS)[T][number];

/** The JSON:API resource an event carries. */
export interface ChangeResource<T extends VenueResourceType> {
  type: T;
  id: string;
  attributes: ChangeAttributes<T>;
  relationships?: { [R in RelationshipName<T>]: RelationshipValue };
  links: { self: string };
}

/** The old values of what an update changed. */
export type PreviousAttributes<T extends VenueResourceType> = Partial<ChangeAttributes<T>> &
  Partial<Record<RelationshipName<T>, RelationshipValue>>;

interface Envelope<Type extends ChangeType, Data> {
  /** `evt_…`; also the delivery's `webhook-id`. */
  id: string;
  type: Type;
  created_at: string;
  organization_id: string;
  data: Data;
}

type EventsOf<S extends Subject> =
  | Envelope<`${S}.created`, { object: ChangeResource<ResourceTypes[S]> }>
  | Envelope<
      `${S}.updated`,
      { object: ChangeResource<ResourceTypes[S]>; previous_attributes: PreviousAttributes<ResourceTypes[S]> }
    >
  | Envelope<`${S}.deleted`, { object: { type: ResourceTypes[S]; id: string } }>;

/** Any Marquee change event; narrow it by `type`. */
export type MarqueeChange =
  | { [S in Subject]: EventsOf<S> }[Subject]
  | Envelope<
      'booking.status_changed',
      { object: ChangeResource<'bookings'>; previous_attributes: { status: BookingStatus } }
    >
  | Envelope<'booking.paid', { object: ChangeResource<'bookings'> }>
  | Envelope<
      'organization.updated',
      { object: ChangeResource<'organizations'>; previous_attributes: PreviousAttributes<'organizations'> }
    >
  | Envelope<'message.received' | 'message.sent' | 'message.failed', { object: ChangeResource<'messages'> }>
  | Envelope<
      'message.updated',
      { object: ChangeResource<'messages'>; previous_attributes: PreviousAttributes<'messages'> }
    >;

/** The changes of the given types, e.g. `ChangeOfType<'booking.created' | 'booking.updated'>`. */
export type ChangeOfType<T extends ChangeType> = Extract<MarqueeChange, { type: T }>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed payload has the shape of an event (the envelope, and `data.object`). */
export function looksLikeChange(value: unknown): value is MarqueeChange {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.created_at === 'string' &&
    typeof value.organization_id === 'string' &&
    isRecord(value.data) &&
    isRecord(value.data.object)
  );
}
