/**
 * Private calendar feeds (SPEC §11): each staff member makes subscription URLs for the whole
 * venue, one space or the bookings they own. The URL's secret is 256 random bits behind the
 * `mqf_` prefix, kept as its SHA-256; a feed lists its scope and last use and is revoked, never
 * edited; a feed stops with its owner's membership.
 */
import type { RevokedReason } from '../api-keys/api-key.table.js';
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { ValidationError } from '../errors.js';
import { generateCredential, hashCredential } from '../security/credentials.js';
import type { Command } from '../writes/command.js';
import { refuse, Refusal } from '../writes/refusal.js';
import { CALENDAR_FEED_ACTIONS } from './calendar-feed.policy.js';
import { type CalendarFeedTable, FEED_SCOPES, type FeedScope } from './calendar-feed.table.js';

/** A new feed of the staff member acting. */
export interface NewFeed {
  scope: string;
  spaceId?: string | undefined;
}

const NOT_STAFF = refuse({
  status: 403,
  code: 'staff_only',
  detail: 'A calendar feed is a staff member’s own: make it signed in.',
});

/** A new feed, and its secret (shown once: only its hash is kept). */
export const createFeed: Command<NewFeed, { id: string; secret: string } | Refusal> = {
  action: CALENDAR_FEED_ACTIONS.create,
  async run({ trx, actor, now }, input) {
    if (actor.userId === null) return NOT_STAFF;
    const scope = input.scope as FeedScope;
    if (!(FEED_SCOPES as readonly string[]).includes(scope))
      return Refusal.from(
        new ValidationError({ field: 'scope', detail: 'Choose the venue, a space, or your bookings.' }),
      );
    let spaceId: string | null = null;
    if (scope === 'space') {
      const space =
        input.spaceId && !input.spaceId.includes('\u0000')
          ? await trx
              .selectFrom('spaces')
              .select('id')
              .where('organization_id', '=', actor.organizationId)
              .where('id', '=', input.spaceId)
              .executeTakeFirst()
          : undefined;
      if (!space)
        return Refusal.from(
          new ValidationError({ field: 'space', detail: 'Choose the space the feed shows.' }),
        );
      spaceId = space.id;
    }
    const secret = generateCredential('calendarFeed');
    const id = newId(now);
    await trx
      .insertInto('calendar_feeds')
      .values({
        id,
        organization_id: actor.organizationId,
        user_id: actor.userId,
        scope,
        space_id: spaceId,
        secret_hash: secret.hash,
        created_at: isoTime(now),
        last_used_at: null,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return { id, secret: secret.value };
  },
};

export interface FeedView {
  id: string;
  scope: FeedScope;
  spaceName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The user's feeds in the organization that still work, newest first. */
export async function feedsOf(db: Db, organizationId: string, userId: string): Promise<FeedView[]> {
  const rows = await db
    .selectFrom('calendar_feeds as f')
    .leftJoin('spaces as s', 's.id', 'f.space_id')
    .select(['f.id', 'f.scope', 's.name as space_name', 'f.created_at', 'f.last_used_at'])
    .where('f.organization_id', '=', organizationId)
    .where('f.user_id', '=', userId)
    .where('f.revoked_at', 'is', null)
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    scope: r.scope,
    spaceName: r.space_name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

export interface EndedFeedView extends FeedView {
  endedAt: string;
  /** `revoked` by its user, or `member_removed`: they left the organization (and came back). */
  reason: RevokedReason;
}

/** The user's feeds in the organization that no longer work, the latest ended first (at most 50). */
export async function endedFeedsOf(db: Db, organizationId: string, userId: string): Promise<EndedFeedView[]> {
  const rows = await db
    .selectFrom('calendar_feeds as f')
    .leftJoin('spaces as s', 's.id', 'f.space_id')
    .select([
      'f.id',
      'f.scope',
      's.name as space_name',
      'f.created_at',
      'f.last_used_at',
      'f.revoked_at',
      'f.revoked_reason',
    ])
    .where('f.organization_id', '=', organizationId)
    .where('f.user_id', '=', userId)
    .where('f.revoked_at', 'is not', null)
    .orderBy('f.revoked_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    scope: r.scope,
    spaceName: r.space_name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    endedAt: r.revoked_at!,
    reason: r.revoked_reason ?? 'revoked',
  }));
}

/** Revokes one of the acting member's feeds; refused (404) when there is no such feed of theirs. */
export const revokeFeed: Command<{ id: string }, undefined | Refusal> = {
  action: CALENDAR_FEED_ACTIONS.revoke,
  async run({ trx, actor, now }, { id }) {
    if (actor.userId === null) return NOT_STAFF;
    const result = await trx
      .updateTable('calendar_feeds')
      .set({ revoked_at: isoTime(now), revoked_reason: 'revoked' })
      .where('id', '=', String(id))
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return undefined;
    return refuse({ status: 404, code: 'not_found', detail: 'You have no such working calendar feed.' });
  },
};

/** The working feed a secret opens: not revoked, its owner still a member of its organization. */
export async function feedBySecret(db: Db, secret: string): Promise<CalendarFeedTable | undefined> {
  if (!/^mqf_[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'f.user_id').onRef('m.organization_id', '=', 'f.organization_id'),
    )
    .selectAll('f')
    .where('f.secret_hash', '=', hashCredential(secret))
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Notes a use of the feed (at most once a minute: calendar clients poll). */
export async function noteUse(db: Db, feed: CalendarFeedTable, now: number): Promise<void> {
  if (feed.last_used_at && Date.parse(feed.last_used_at) > now - 60_000) return;
  await db
    .updateTable('calendar_feeds')
    .set({ last_used_at: isoTime(now) })
    .where('id', '=', feed.id)
    .execute();
}
