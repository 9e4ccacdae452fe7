/** Calling the resource API as an integration does. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.js';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { createIntegration } from '../../src/integrations/integration.service.js';
import type { TestServer } from './app.js';
import { makeUser } from './factories.js';
import { makeVenue, postForm, type Venue } from './oauth.js';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  org?: string | null;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  rawBody?: string;
}

export async function call<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.org) headers['x-api-org'] = options.org;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/vnd.api+json';
  }
  const response = await server.fetch(`${server.url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** A 200 answer's body to a GET of `path` as the organization `org`, byte for byte as sent. */
export async function okText(server: TestServer, path: string, token: string, org: string): Promise<string> {
  const response = await server.fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-org': org },
  });
  assert.equal(response.status, 200, path);
  return response.text();
}

export async function clientCredentialsToken(
  server: TestServer,
  venue: Venue,
  scope?: string,
): Promise<string> {
  const response = await postForm(server, '/oauth/token', {
    grant_type: 'client_credentials',
    client_id: venue.privateClient.clientId,
    client_secret: venue.privateClient.clientSecret,
    ...(scope ? { scope } : {}),
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return String(response.body.access_token);
}

/** An account with only the fields tests care about. */
/** A client-credentials token of a private integration owned by a new member (not an admin) of the venue. */
export async function memberClientToken(db: Db, server: TestServer, venue: Venue): Promise<string> {
  const user = await makeUser(db, venue.orgId, { role: 'member' });
  const integration = await createIntegration(db, {
    organizationId: venue.orgId,
    name: 'Member tooling',
    kind: 'private',
    ownerEmail: user.email,
  });
  const privateClient = {
    id: integration.integration.id,
    clientId: integration.integration.clientId,
    clientSecret: integration.clientSecret,
  };
  return clientCredentialsToken(server, { ...venue, privateClient });
}

export async function insertAccount(
  db: Db,
  account: {
    id?: string;
    organizationId: string;
    ownerId?: string | null;
    name: string;
    createdAt: string;
    updatedAt?: string;
  },
): Promise<string> {
  const id = account.id ?? newId();
  const empty = {
    email: null,
    phone: null,
    website: null,
    address_line1: null,
    address_line2: null,
    city: null,
    region: null,
    postal_code: null,
    country: null,
    custom_fields: '{}',
  };
  await db
    .insertInto('accounts')
    .values({
      id,
      organization_id: account.organizationId,
      owner_id: account.ownerId ?? null,
      name: account.name,
      ...empty,
      created_at: account.createdAt,
      updated_at: account.updatedAt ?? account.createdAt,
    })
    .execute();
  return id;
}

export interface CrmFixture {
  venue: Venue;
  accountIds: string[];
  contactIds: string[];
  bookingIds: string[];
}

/** A venue with `count` bookings (statuses cycling), each with its own account and contact. */
export async function makeCrm(db: Db, count = 5): Promise<CrmFixture> {
  const venue = await makeVenue(db);
  const statuses = ['lead', 'tentative', 'definite', 'closed', 'lost'] as const;
  const base = Date.parse('2027-01-01T00:00:00.000Z');
  // Every booking holds the one space, the Hall.
  const hallId = newId(base);
  await db
    .insertInto('spaces')
    .values({
      id: hallId,
      organization_id: venue.orgId,
      name: 'Hall',
      capacity: null,
      shareable: 0,
      capacities: '{}',
      part_ids: '[]',
      created_at: isoTime(base),
      updated_at: isoTime(base),
    })
    .execute();
  const accountIds: string[] = [];
  const contactIds: string[] = [];
  const bookingIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = isoTime(base + i * 60_000);
    const accountId = newId();
    const contactId = newId();
    const bookingId = newId(base + i * 60_000);
    await insertAccount(db, {
      id: accountId,
      organizationId: venue.orgId,
      ownerId: venue.user.id,
      name: `Account ${String(i).padStart(3, '0')}`,
      createdAt: created,
    });
    await db
      .insertInto('contacts')
      .values({
        id: contactId,
        organization_id: venue.orgId,
        account_id: accountId,
        first_name: `First${i}`,
        last_name: `Last${String(i).padStart(3, '0')}`,
        email: null,
        phone: null,
        title: null,
        custom_fields: '{}',
        created_at: created,
        updated_at: created,
      })
      .execute();
    await db
      .insertInto('bookings')
      .values({
        id: bookingId,
        organization_id: venue.orgId,
        reference: `BK-${String(i + 1).padStart(5, '0')}`,
        name: `Event ${String(i).padStart(3, '0')}`,
        status: statuses[i % statuses.length]!,
        start_at: isoTime(base + i * 86_400_000),
        end_at: isoTime(base + i * 86_400_000 + 3_600_000),
        timezone: 'Europe/London',
        guest_count: 10 + i,
        event_type: 'Conference',
        space_ids: JSON.stringify([hallId]),
        currency: 'GBP',
        total_amount: 100_000 + i,
        lost_reason: statuses[i % statuses.length] === 'lost' ? 'Budget' : null,
        account_id: accountId,
        contact_id: contactId,
        owner_id: i % 2 === 0 ? venue.user.id : null,
        created_at: created,
        updated_at: created,
      })
      .execute();
    await db.insertInto('booking_spaces').values({ booking_id: bookingId, space_id: hallId }).execute();
    accountIds.push(accountId);
    contactIds.push(contactId);
    bookingIds.push(bookingId);
  }
  return { venue, accountIds, contactIds, bookingIds };
}

export function noteBody(notableType: string, notableId: string, text = 'Called the client about catering.') {
  return {
    data: {
      type: 'notes',
      attributes: { body: text },
      relationships: { notable: { data: { type: notableType, id: notableId } } },
    },
  };
}
