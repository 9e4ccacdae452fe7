/**
 * The resource API (SPEC §5) in one encapsulated scope: bearer authentication and X-API-ORG
 * tenancy on every route, per-token rate limits, JSON:API request bodies.
 */
import type { App } from '../app.js';
import type { Config } from '../config.js';
import { accountDefinition, AccountResource } from '../crm/accounts/account.resource.js';
import { bookingDefinition, BookingResource } from '../crm/bookings/booking.resource.js';
import { contactDefinition, ContactResource } from '../crm/contacts/contact.resource.js';
import { noteDefinition, NoteResource } from '../crm/notes/note.resource.js';
import { registerNoteWriteRoutes } from '../crm/notes/note.routes.js';
import type { ChangeClock } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import { userDefinition } from '../identity/user.resource.js';
import { apiAuthHook } from './api-auth.js';
import type { DefinitionRegistry } from './documents.js';
import { registerMeRoute } from './me.routes.js';
import { registerRateLimit } from './rate-limit.js';
import { registerReadRoutes } from './read-routes.js';

export interface ApiOptions {
  db: Db;
  config: Config;
  changes: ChangeClock;
}

const registry: DefinitionRegistry = new Map(
  [bookingDefinition, accountDefinition, contactDefinition, noteDefinition, userDefinition].map((d) => [
    d.type,
    d,
  ]),
);

export async function apiPlugin(app: App, { db, config, changes }: ApiOptions): Promise<void> {
  // Authentication comes first, so rate limits can count per token.
  app.addHook('onRequest', apiAuthHook(db, changes));
  await registerRateLimit(app, config);

  const common = { db, config, changes, registry };
  registerMeRoute(app, db);
  registerReadRoutes(app, {
    ...common,
    definition: bookingDefinition,
    path: '/v2/bookings',
    resource: BookingResource,
    tag: 'Bookings',
    noun: 'bookings',
  });
  registerReadRoutes(app, {
    ...common,
    definition: accountDefinition,
    path: '/v2/accounts',
    resource: AccountResource,
    tag: 'Accounts',
    noun: 'accounts',
  });
  registerReadRoutes(app, {
    ...common,
    definition: contactDefinition,
    path: '/v2/contacts',
    resource: ContactResource,
    tag: 'Contacts',
    noun: 'contacts',
  });
  registerReadRoutes(app, {
    ...common,
    definition: noteDefinition,
    path: '/notes',
    resource: NoteResource,
    tag: 'Notes',
    noun: 'notes',
  });
  registerNoteWriteRoutes(app, { db, config });
}
