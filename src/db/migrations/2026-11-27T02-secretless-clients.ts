/**
 * Apps that cannot keep a secret (a mobile or single-page app, RFC 8252 §8.4, RFC 9700 §2.1.1)
 * are public clients without one: they authenticate at the token endpoint by client_id alone
 * (`none`, RFC 7591 §2) and must use PKCE. Every integration so far has a secret.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('integrations')
    .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull().defaultTo('client_secret'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integrations').dropColumn('token_endpoint_auth_method').execute();
}
