/** The organization's settings as the API shows them (SPEC §12): `GET|PATCH /v2/organization`. */
import { Type } from 'typebox';
import type { Resource } from '../../api/jsonapi.js';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import { changes, updateDocument } from '../../api/request-documents.js';
import type { OrganizationValue } from './organization.codec.js';
import { organizationLocale } from '../../locale.js';
import type { MailboxView } from '../../mail/inbound/mailbox-settings.js';
import { MAILBOX_STATES, MAILBOX_TLS } from '../../mail/inbound/mailbox.table.js';

export const OrganizationResource = resourceSchema(
  'organizations',
  Type.Object({
    name: Type.String(),
    timezone: Type.String({ description: 'IANA time zone the staff pages show times in' }),
    currency: Type.String({ description: 'ISO 4217; new bookings start in it' }),
    locale: Type.String({
      description:
        'BCP 47 tag dates, times and amounts are shown to people in (e.g. en-US); unset, the time zone’s country’s, else en-GB',
    }),
    service_charge_percentage: Type.String({
      description:
        'The service charge on the lines that take it, as a percentage (a decimal string such as "20"; "0" for none)',
    }),
    service_charge_taxable: Type.Boolean({
      description: 'Whether exclusive taxes are charged on the service charge',
    }),
    fnb_categories: Type.Array(Type.String(), {
      description: 'The item categories that count as food and beverage (for a booking’s F&B minimum)',
    }),
    inquiry_form: Type.Object(
      {
        enabled: Type.Boolean(),
        slug: Type.Union([Type.String(), Type.Null()], { description: 'The form is at /inquire/<slug>' }),
        intro: Type.String(),
        thank_you: Type.String(),
        event_types: Type.Array(Type.String(), { description: 'The event types it offers' }),
        embed_origins: Type.Array(Type.String(), {
          description: 'Origins that may embed it (frame-ancestors) and post to it (CORS)',
        }),
      },
      { description: 'The public inquiry form (SPEC §14)' },
    ),
    mailbox: Type.Union(
      [
        Type.Object({
          host: Type.String(),
          port: Type.Integer(),
          tls: Type.Union(MAILBOX_TLS.map((t) => Type.Literal(t))),
          user: Type.String(),
          password_set: Type.Literal(true, { description: 'The password is kept encrypted and never shown' }),
          folders: Type.Array(Type.String()),
          address: Type.String({ description: 'The venue’s address in it; plus tags name a booking' }),
          plus_addressing: Type.Boolean(),
          state: Type.Union(MAILBOX_STATES.map((t) => Type.Literal(t))),
          last_error: Type.Union([Type.String(), Type.Null()], {
            description: 'The server’s own words the last time reading failed',
          }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The venue’s mailbox, read over IMAP for the conversation with clients (SPEC §17); null: none',
      },
    ),
    sending_window: Type.Object(
      {
        days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
          description: 'ISO weekdays, 1 Monday … 7 Sunday',
        }),
        start: Type.String({ description: 'HH:MM in the organization’s time zone' }),
        end: Type.String({ description: 'HH:MM, after start' }),
      },
      {
        description: 'When its automated mail may go out (SPEC §18); by default weekdays 09:00–17:00',
      },
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

const OrganizationWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    timezone: Type.String({ maxLength: 64, description: 'IANA time zone, e.g. America/New_York' }),
    currency: Type.String({ maxLength: 3, description: 'ISO 4217, e.g. EUR' }),
    locale: Type.String({ maxLength: 35, description: 'BCP 47, e.g. en-US, en-GB, de-DE' }),
    service_charge_percentage: Type.String({
      maxLength: 20,
      description: 'From 0 to 100, at most four decimals, e.g. "20" or "8.875"',
    }),
    service_charge_taxable: Type.Boolean(),
    fnb_categories: Type.Array(Type.String({ maxLength: 20 }), {
      maxItems: 20,
      description: 'Of food, beverage, rental, av, labor, fee, other',
    }),
    inquiry_form: Type.Object(
      {
        enabled: Type.Optional(Type.Boolean()),
        slug: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
        intro: Type.Optional(Type.String({ maxLength: 2000 })),
        thank_you: Type.Optional(Type.String({ maxLength: 2000 })),
        event_types: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
        embed_origins: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })),
      },
      { additionalProperties: false, description: 'Only the members given change' },
    ),
    mailbox: Type.Union(
      [
        Type.Object(
          {
            host: Type.Optional(Type.String({ maxLength: 253 })),
            port: Type.Optional(Type.Integer()),
            tls: Type.Optional(Type.String({ maxLength: 20, description: 'implicit, starttls, or none' })),
            user: Type.Optional(Type.String({ maxLength: 200 })),
            password: Type.Optional(
              Type.String({ maxLength: 500, description: 'Write-only; kept encrypted' }),
            ),
            folders: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })),
            address: Type.Optional(Type.String({ maxLength: 254 })),
            plus_addressing: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The venue’s mailbox (only the members given change); null removes it' },
    ),
    sending_window: Type.Union(
      [
        Type.Object(
          {
            days: Type.Array(Type.Integer(), {
              maxItems: 7,
              description: 'Distinct ISO weekdays, 1 Monday … 7 Sunday; at least one',
            }),
            start: Type.String({ maxLength: 5, description: 'HH:MM, e.g. 09:00' }),
            end: Type.String({ maxLength: 5, description: 'HH:MM, after start' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          'When its automated mail may go out; null goes back to the default (weekdays 09:00–17:00 in its time zone)',
      },
    ),
  },
  { additionalProperties: false },
);

export const OrganizationUpdateBody = updateDocument('organizations', {
  attributes: changes(OrganizationWriteAttributes),
});

export function organizationResource(
  organization: OrganizationValue,
  baseUrl: string,
  mailbox: MailboxView | null = null,
): Resource {
  return {
    type: 'organizations',
    id: organization.id,
    attributes: {
      name: organization.name,
      timezone: organization.timezone,
      currency: organization.currency,
      locale: organizationLocale(organization),
      service_charge_percentage: organization.serviceChargePercentage,
      service_charge_taxable: organization.serviceChargeTaxable,
      fnb_categories: organization.fnbCategories,
      inquiry_form: organization.inquiryForm,
      mailbox,
      sending_window: organization.sendingWindow,
      created_at: organization.createdAt,
      updated_at: organization.updatedAt,
    },
    links: { self: `${baseUrl}/v2/organization` },
  };
}
