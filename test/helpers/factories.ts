/**
 * Small factories for test data. Users get a cheap scrypt cost so suites stay fast; the stored
 * hash names its cost, so sign-in verifies it like any other.
 */
import type { Insertable } from 'kysely';
import { createApiKey } from '../../src/api-keys/api-keys.js';
import { createFeed, revokeFeed } from '../../src/calendar/calendar-feeds.js';
import type { BookingTable } from '../../src/crm/bookings/booking.table.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { staffActor } from '../../src/policy/actor.js';
import { createOrganization, createUser } from '../../src/identity/identity.service.js';
import type { ScryptCost } from '../../src/identity/passwords.js';
import { createIntegration, type NewIntegrationInput } from '../../src/integrations/integration.service.js';
import { write } from '../../src/writes/unit-of-work.js';

export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
export const TEST_PASSWORD = 'correct horse battery';

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${process.pid}-${counter}-${Math.random().toString(36).slice(2, 6)}`;
}

export async function makeOrganization(db: Db, name = unique('Venue ')) {
  return createOrganization(db, name);
}

export async function makeUser(
  db: Db,
  organizationId: string,
  options: { role?: 'admin' | 'member'; email?: string } = {},
) {
  return createUser(db, {
    organizationId,
    email: options.email ?? `${unique('user')}@test.example`,
    password: TEST_PASSWORD,
    role: options.role ?? 'member',
    passwordCost: TEST_PASSWORD_COST,
  });
}

export async function makeIntegration(
  db: Db,
  input: Partial<NewIntegrationInput> & { organizationId: string; noSecret?: false },
) {
  return createIntegration(db, {
    name: unique('Integration '),
    kind: 'public',
    redirectUris: ['http://127.0.0.1:8080/callback'],
    ...input,
  });
}

/**
 * A booking row to insert directly (bulk data for searching and paging): a lead at `at`, of no
 * length, with nothing attached; `fields` override.
 */
export function bookingRow(
  organizationId: string,
  at: string,
  fields: Partial<Insertable<BookingTable>> = {},
): Insertable<BookingTable> {
  return {
    id: newId(Date.parse(at)),
    organization_id: organizationId,
    reference: unique('BK-'),
    name: 'Booking',
    status: 'lead',
    start_at: at,
    end_at: at,
    timezone: 'UTC',
    guest_count: null,
    event_type: null,
    currency: 'EUR',
    total_amount: 0,
    lost_reason: null,
    account_id: null,
    contact_id: null,
    owner_id: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/**
 * Makes an API key or a calendar feed as the staff member `userId` would on its settings page:
 * through the unit of work, at `now`.
 */
export async function makeApiKey(
  db: Db,
  of: { organizationId: string; userId: string; name: string; scopes: string[] },
  now: number,
) {
  const actor = staffActor({
    organizationId: of.organizationId,
    userId: of.userId,
    role: 'admin',
    door: 'workspace',
  });
  return write({ db, clock: { now: () => now } }, actor, createApiKey, { name: of.name, scopes: of.scopes });
}

export async function makeFeed(
  db: Db,
  of: { organizationId: string; userId: string; scope: string; spaceId?: string | undefined },
  now: number,
) {
  const actor = staffActor({
    organizationId: of.organizationId,
    userId: of.userId,
    role: 'member',
    door: 'workspace',
  });
  return write({ db, clock: { now: () => now } }, actor, createFeed, {
    scope: of.scope,
    spaceId: of.spaceId,
  });
}

/** Revokes the staff member's own feed, as its page does: false when it is not theirs to revoke. */
export async function revokeOwnFeed(
  db: Db,
  of: { organizationId: string; userId: string; id: string },
  now: number,
): Promise<boolean> {
  const actor = staffActor({
    organizationId: of.organizationId,
    userId: of.userId,
    role: 'member',
    door: 'workspace',
  });
  return write({ db, clock: { now: () => now } }, actor, revokeFeed, { id: of.id }).then(
    () => true,
    (error: { status?: number }) => {
      if (error.status === 404) return false;
      throw error;
    },
  );
}
