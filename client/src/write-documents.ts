/**
 * Inputs (inputs.ts) to JSON:API request documents: each field is an attribute unless the
 * resource names it as a relationship, whose value becomes resource identifiers. Dates are sent
 * as ISO-8601 strings.
 */
import type { ResourceIdentifier } from './jsonapi.js';

/** A relationship's related type; `[type]` when it is to-many; `null` when the value names its type. */
export type RelationshipShape = string | readonly [string] | null;

export interface WriteShape {
  type: string;
  relationships: Readonly<Record<string, RelationshipShape>>;
  /** Relationships that, given an object without an id, send it as an attribute of that name: a new resource to make. */
  embeds?: Readonly<Record<string, true>>;
}

const isEmbedded = (shape: WriteShape, field: string, value: unknown) =>
  shape.embeds?.[field] === true &&
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !('id' in value);

type Linkage = ResourceIdentifier | ResourceIdentifier[] | null;

interface Members {
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: Linkage }>;
}

function identifier(ref: unknown, type: string | null, field: string): ResourceIdentifier {
  if (typeof ref === 'string') {
    if (type === null) throw new TypeError(`${field} needs a { type, id }.`);
    return { type, id: ref };
  }
  const named = ref as { id?: unknown; type?: unknown } | null;
  if (typeof named?.id !== 'string') throw new TypeError(`${field} takes an id or an object with an id.`);
  const resolved = type ?? (typeof named.type === 'string' ? named.type : null);
  if (resolved === null) throw new TypeError(`${field} needs a { type, id }.`);
  return { type: resolved, id: named.id };
}

function linkage(value: unknown, shape: RelationshipShape, field: string): Linkage {
  if (value === null) return null;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) throw new TypeError(`${field} takes a list.`);
    return value.map((ref: unknown) => identifier(ref, shape[0] ?? null, field));
  }
  return identifier(value, shape as string | null, field);
}

function members(shape: WriteShape, input: object): Members {
  const out: Members = { attributes: {}, relationships: {} };
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Object.hasOwn(shape.relationships, field) && !isEmbedded(shape, field, value)) {
      const relationship = shape.relationships[field] as RelationshipShape;
      out.relationships[field] = { data: linkage(value, relationship, field) };
    } else {
      out.attributes[field] = value instanceof Date ? value.toISOString() : value;
    }
  }
  return out;
}

const nonEmpty = (record: Record<string, unknown>) => Object.keys(record).length > 0;

/** `{data: {type, attributes, relationships?}}` for a POST. */
export function createDocument(shape: WriteShape, input: object) {
  const { attributes, relationships } = members(shape, input);
  return {
    data: { type: shape.type, attributes, ...(nonEmpty(relationships) ? { relationships } : {}) },
  };
}

/** `{data: {type, id, attributes?, relationships?}}` for a PATCH: only what changes. */
export function updateDocument(shape: WriteShape, id: string, changes: object) {
  const { attributes, relationships } = members(shape, changes);
  return {
    data: {
      type: shape.type,
      id,
      ...(nonEmpty(attributes) ? { attributes } : {}),
      ...(nonEmpty(relationships) ? { relationships } : {}),
    },
  };
}

export const SHAPES = {
  bookings: {
    type: 'bookings',
    relationships: {
      account: 'accounts',
      contact: 'contacts',
      owner: 'users',
      spaces: ['spaces'],
      stage: 'stages',
      referral_source: 'referral_sources',
    },
    embeds: { contact: true },
  },
  accounts: { type: 'accounts', relationships: { owner: 'users' } },
  contacts: { type: 'contacts', relationships: { account: 'accounts' } },
  spaces: { type: 'spaces', relationships: { parts: ['spaces'] } },
  events: {
    type: 'events',
    relationships: { booking: 'bookings', spaces: ['spaces'], event_type: 'event_types' },
  },
  event_types: { type: 'event_types', relationships: {} },
  notes: { type: 'notes', relationships: { notable: null } },
  messages: { type: 'messages', relationships: { booking: 'bookings' } },
  pipelines: { type: 'pipelines', relationships: {} },
  stages: { type: 'stages', relationships: { pipeline: 'pipelines' } },
  referral_sources: { type: 'referral_sources', relationships: {} },
  tax_rates: { type: 'tax_rates', relationships: {} },
  email_templates: { type: 'email_templates', relationships: {} },
  automations: { type: 'automations', relationships: {} },
  tasks: { type: 'tasks', relationships: { assignee: 'users', booking: 'bookings' } },
  items: { type: 'items', relationships: { tax_rates: ['tax_rates'] } },
  installments: { type: 'installments', relationships: { booking: 'bookings' } },
  payments: { type: 'payments', relationships: { booking: 'bookings', installment: 'installments' } },
  documents: { type: 'documents', relationships: { booking: 'bookings', event: 'events' } },
  line_items: {
    type: 'line_items',
    relationships: { booking: 'bookings', event: 'events', item: 'items', tax_rates: ['tax_rates'] },
  },
} as const satisfies Record<string, WriteShape>;
