/**
 * The operator's bound on mail to clients (MAIL_PER_HOUR, SPEC §17): an organization that has
 * queued or sent that many messages to its clients in the last hour (by the clock of the write)
 * is refused one more (a message, a document's e-mail), with 429 `too_many_messages` and a
 * Retry-After of when the oldest of them leaves the hour; an automation's mail to a client waits
 * until then instead. It keeps one venue's mistake or a stolen account from burning the reputation
 * of the SMTP server every venue shares. Counted in the outbox, where every mail Marquee itself sends
 * is a row (mail filed from the venue's own Sent folder went out through another server); a
 * message that failed for good was never accepted, so it does not count.
 */
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { CLIENT_MAIL_KINDS } from '../../mail/mail.table.js';
import { Refusal } from '../../writes/refusal.js';

const HOUR = 3_600_000;

export class TooManyMessagesError extends ApiError {
  constructor(limit: number, retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'too_many_messages',
      `Not sent: ${limit} ${limit === 1 ? 'message has' : 'messages have'} gone to clients from this organization in the last hour, the most this installation allows (MAIL_PER_HOUR). Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
    this.withHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  }
}

/**
 * When the organization may send to a client again: undefined when its last hour holds fewer than
 * `limit` messages, else the instant the oldest of them leaves the hour.
 */
export async function mailPerHourFullUntil(
  trx: Trx,
  organizationId: string,
  { limit, now }: { limit: number; now: number },
): Promise<number | undefined> {
  // At most `limit` rows, oldest first, by outgoing_mail_org_created_idx.
  const recent = await trx
    .selectFrom('outgoing_mail')
    .select('created_at')
    .where('organization_id', '=', organizationId)
    .where('created_at', '>', isoTime(now - HOUR))
    .where('kind', 'in', [...CLIENT_MAIL_KINDS])
    .where('status', '!=', 'failed')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const oldest = recent[0];
  if (recent.length < limit || !oldest) return undefined;
  return Date.parse(oldest.created_at) + HOUR;
}

/**
 * The refusal (a TooManyMessagesError's: 429 and its Retry-After) when the organization's last hour
 * already holds `limit` messages; undefined when it may send.
 */
export async function mailPerHourRefusal(
  trx: Trx,
  organizationId: string,
  { limit, now }: { limit: number; now: number },
): Promise<Refusal | undefined> {
  const until = await mailPerHourFullUntil(trx, organizationId, { limit, now });
  return until === undefined
    ? undefined
    : Refusal.from(new TooManyMessagesError(limit, (until - now) / 1000));
}
