/**
 * Tokens that carry their row's id (src/oauth/credentials.ts): the token's `token_hash` column
 * holds the key it is found by, which for these is the id, and `secret_hash` the SHA-256 of the
 * whole token, compared once the row is found. Issuing a token then adds keys in the order of
 * time to every index, where the SHA-256 of each new token fell on a random page of the unique
 * index (most of what a token's commit wrote). Tokens issued before keep their hash as their key
 * and no `secret_hash`. A new token's id tells when it was issued (to the millisecond, as its
 * `created_at` does to its client). Going down makes every token issued since unusable: they are
 * refused, never accepted, and their clients must be authorized again.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').addColumn('secret_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').dropColumn('secret_hash').execute();
}
