/**
 * Small factories for test data. Users get a cheap scrypt cost so suites stay fast; the stored
 * hash names its cost, so sign-in verifies it like any other.
 */
import type { Insertable } from 'kysely';
import type { BookingTable } from '../../src/crm/bookings/booking.table.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { createOrganization, createUser } from '../../src/identity/identity.service.js';
import type { ScryptCost } from '../../src/identity/passwords.js';
import { createIntegration, type NewIntegrationInput } from '../../src/integrations/integration.service.js';

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
