/**
 * The Inbox's pages (SPEC §17): GET /orgs/:org/inbox (what waits) and /inbox/dismissed, and a
 * post per thing a member does with a message — file it on a booking, make a lead of it, dismiss
 * it, restore it — each through its command at the version the page showed: one filed or
 * dismissed meanwhile by someone else is refused (412) and the page says so, never overwriting
 * their choice. A refused field is shown under its form; then back to the list (post, redirect,
 * get), or to the new lead's page.
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
import { organizationZone } from '../../../crm/organization/organization.reads.js';
import type { Refusal } from '../../../writes/refusal.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { type Form, FormBody, formText, sendPage } from '../../forms.js';
import { OrgParams } from '../bookings/bookings-list.routes.js';
import { workspaceWords } from '../forms/problem-words.js';
import { formVersion, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';
import type { MessageProblem } from './inbox-message.view.js';
import { inboxPage } from './inbox.page.js';

const Query = Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) });

export const inboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    dismissed: boolean,
    said: { notice?: string | undefined; problem?: MessageProblem; status?: number } = {},
  ) {
    const organizationId = v.organization.organizationId;
    const [messages, zone] = await Promise.all([
      inboxMessages(db, organizationId, dismissed),
      organizationZone(db, organizationId),
    ]);
    const senders = messages.map((m) => m.from.email);
    const bookings = dismissed ? [] : await openBookings(db, organizationId, senders);
    const cards = messages.map((message) => ({
      message,
      version: messageVersion(message),
      bookings: sendersFirst(bookings, message.from.email),
      problem: said.problem?.messageId === message.id ? said.problem : undefined,
    }));
    return sendPage(reply, inboxPage(v, { dismissed, zone, cards, notice: said.notice }), said.status);
  }

  app.get('/orgs/:org/inbox', { schema: { params: OrgParams, querystring: Query } }, (request, reply) =>
    show(reply, visitorOf(request), false, { notice: request.query.notice }),
  );
  app.get(
    '/orgs/:org/inbox/dismissed',
    { schema: { params: OrgParams, querystring: Query } },
    (request, reply) => show(reply, visitorOf(request), true, { notice: request.query.notice }),
  );

  /** Back to the list the post came from, saying what happened. */
  const back = (reply: FastifyReply, v: WorkspaceVisitor, dismissed: boolean, notice: string) =>
    reply.redirect(`${orgPath(v, dismissed ? '/inbox/dismissed' : '/inbox')}?notice=${notice}`, 303);

  /**
   * A refusal in the list's words: a stale version or a message no longer there is said above
   * the list as it is now; a refused field under its form; anything else on the refusal page.
   */
  function refused(
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: Refusal,
    where: { messageId: string; dismissed: boolean; form?: MessageProblem['form'] },
  ) {
    const v = visitorOf(request);
    if (refusal.status === 412 || refusal.status === 409) return back(reply, v, where.dismissed, 'stale');
    if (refusal.status === 404) return back(reply, v, where.dismissed, 'gone');
    if (refusal.status === 422 && where.form) {
      const text = refusal.problems.length
        ? refusal.problems.map(workspaceWords).join(' ')
        : workspaceWords(refusal);
      const problem = { messageId: where.messageId, form: where.form, text };
      return show(reply, v, where.dismissed, { problem, status: 422 });
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
    if (!outcome.ok) return refused(request, reply, outcome.refusal, { messageId: post.id, ...from });
    return back(reply, v, from.dismissed, notice);
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
      return show(reply, visitorOf(request), false, { problem, status: 422 });
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
      return refused(request, reply, outcome.refusal, { messageId: id, dismissed: false, form: 'lead' });
    return reply.redirect(orgPath(v, `/bookings/${outcome.value.id}`), 303);
  });
};
