/**
 * The Inbox's pages (SPEC §17): GET /orgs/:org/inbox (what waits) and /inbox/dismissed, and a
 * post per thing a member does with a message — file it on a booking, make a lead of it, dismiss
 * it, restore it — each through its command at the version the page showed: one filed or
 * dismissed meanwhile by someone else is refused (412) and the page says so, never overwriting
 * their choice. A refused field is shown under its form; then back to the list (post, redirect,
 * get), or to the new lead's page. Each list is paged by `?before=<message id>` (the last one a
 * page shows); a post carries its page's cursor, so the member comes back to that page. A cursor
 * that is not an id's shape is ignored (the newest page), as is one that names no message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  inboxMessages,
  makeLeadOfMessage,
  type MessageInput,
  messageVersion,
  openBookings,
  sendersFirst,
  updateMessage,
} from '../../../crm/messages/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { isIdShape } from '../../../db/ids.js';
import type { Refusal } from '../../../writes/refusal.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { type Form, FormBody, formText, sendPage } from '../../forms.js';
import { OrgParams } from '../bookings/bookings-list.routes.js';
import { workspaceWords } from '../forms/problem-words.js';
import { formVersion, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';
import type { MessageProblem } from './inbox-message.view.js';
import { inboxPage, inboxPath } from './inbox.page.js';

// `before` unbounded here: a cursor of any other shape is ignored, never refused.
const Query = Type.Object({
  notice: Type.Optional(Type.String({ maxLength: 40 })),
  before: Type.Optional(Type.String()),
});

/** Which list, and which page of it. */
interface Listing {
  dismissed: boolean;
  before: string | undefined;
}

/** The page a query or a post names: its cursor when it has an id's shape, else the newest. */
const pageOf = (before: string | undefined) => (isIdShape(before) ? before : undefined);

export const inboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    listing: Listing,
    said: { notice?: string | undefined; problem?: MessageProblem; status?: number } = {},
  ) {
    const organizationId = v.organization.organizationId;
    const { dismissed, before } = listing;
    const [{ messages, older }, zone] = await Promise.all([
      inboxMessages(db, organizationId, listing),
      organizationZone(db, organizationId),
    ]);
    const senders = messages.map((m) => m.from.email);
    const bookings = dismissed ? [] : await openBookings(db, organizationId, senders);
    const cards = messages.map((message) => ({
      message,
      version: messageVersion(message),
      bookings: sendersFirst(bookings, message.from.email),
      problem: said.problem?.messageId === message.id ? said.problem : undefined,
      before,
    }));
    const view = { dismissed, zone, cards, before, older, notice: said.notice };
    return sendPage(reply, inboxPage(v, view), said.status);
  }

  app.get('/orgs/:org/inbox', { schema: { params: OrgParams, querystring: Query } }, (request, reply) =>
    show(
      reply,
      visitorOf(request),
      { dismissed: false, before: pageOf(request.query.before) },
      { notice: request.query.notice },
    ),
  );
  app.get(
    '/orgs/:org/inbox/dismissed',
    { schema: { params: OrgParams, querystring: Query } },
    (request, reply) =>
      show(
        reply,
        visitorOf(request),
        { dismissed: true, before: pageOf(request.query.before) },
        { notice: request.query.notice },
      ),
  );

  /** Back to the page of the list the post came from, saying what happened. */
  const back = (reply: FastifyReply, v: WorkspaceVisitor, listing: Listing, notice: string) =>
    reply.redirect(
      `${inboxPath(v, listing.dismissed)}?notice=${notice}${listing.before ? `&before=${listing.before}` : ''}`,
      303,
    );

  /** The list and page a post came from: its own list, and the cursor its form carried. */
  const postedFrom = (form: Form, dismissed: boolean): Listing => ({
    dismissed,
    before: pageOf(formText(form, 'before') || undefined),
  });

  /**
   * A refusal in the list's words: a stale version or a message no longer there is said above
   * the list as it is now; a refused field under its form; anything else on the refusal page.
   */
  function refused(
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: Refusal,
    where: { messageId: string; listing: Listing; form?: MessageProblem['form'] },
  ) {
    const v = visitorOf(request);
    if (refusal.status === 412 || refusal.status === 409) return back(reply, v, where.listing, 'stale');
    if (refusal.status === 404) return back(reply, v, where.listing, 'gone');
    if (refusal.status === 422 && where.form) {
      const text = refusal.problems.length
        ? refusal.problems.map(workspaceWords).join(' ')
        : workspaceWords(refusal);
      const problem = { messageId: where.messageId, form: where.form, text };
      return show(reply, v, where.listing, { problem, status: 422 });
    }
    return sendRefusal(request, reply, refusal);
  }

  /** Files, dismisses or restores the message at the version the page showed. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    post: { id: string; form: Form },
    input: MessageInput,
    from: { dismissed: boolean; form?: MessageProblem['form'] },
    notice: string,
  ) {
    const v = visitorOf(request);
    const outcome = await attempt(app.ctx.writer, v.actor, updateMessage, {
      id: post.id,
      ifMatch: formVersion(post.form),
      input,
    });
    const listing = postedFrom(post.form, from.dismissed);
    if (!outcome.ok)
      return refused(request, reply, outcome.refusal, { messageId: post.id, listing, form: from.form });
    return back(reply, v, listing, notice);
  }

  const PostSchema = { params: RecordParams, body: FormBody };
  const csrf = app.csrfProtection;

  app.post('/orgs/:org/inbox/:id/dismiss', { preHandler: csrf, schema: PostSchema }, (request, reply) =>
    change(
      request,
      reply,
      { id: request.params.id, form: request.body },
      { dismissed: true },
      { dismissed: false },
      'dismissed',
    ),
  );

  app.post('/orgs/:org/inbox/:id/restore', { preHandler: csrf, schema: PostSchema }, (request, reply) =>
    change(
      request,
      reply,
      { id: request.params.id, form: request.body },
      { dismissed: false },
      { dismissed: true },
      'restored',
    ),
  );

  app.post('/orgs/:org/inbox/:id/file', { preHandler: csrf, schema: PostSchema }, (request, reply) => {
    const { id } = request.params;
    const bookingId = formText(request.body, 'booking_id');
    if (!bookingId) {
      const problem = { messageId: id, form: 'file' as const, text: 'Choose the booking to file it on.' };
      return show(reply, visitorOf(request), postedFrom(request.body, false), { problem, status: 422 });
    }
    const input = { bookingId, dismissed: false };
    return change(
      request,
      reply,
      { id, form: request.body },
      input,
      { dismissed: false, form: 'file' },
      'filed',
    );
  });

  app.post('/orgs/:org/inbox/:id/lead', { preHandler: csrf, schema: PostSchema }, async (request, reply) => {
    const v = visitorOf(request);
    const { id } = request.params;
    const outcome = await attempt(app.ctx.writer, v.actor, makeLeadOfMessage, {
      id,
      ifMatch: formVersion(request.body),
      input: { date: formText(request.body, 'date') },
    });
    if (!outcome.ok)
      return refused(request, reply, outcome.refusal, {
        messageId: id,
        listing: postedFrom(request.body, false),
        form: 'lead',
      });
    return reply.redirect(orgPath(v, `/bookings/${outcome.value.id}`), 303);
  });
};
