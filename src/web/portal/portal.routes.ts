/**
 * The client portal (SPEC §13): `/p/<token>` shows the one document its link opens, without
 * sign-in; `/p/<token>/pdf` serves the PDF kept for it (the one sent, or once accepted the
 * signed one); `POST /p/<token>/accept` accepts a proposal. The portal is a door like the API
 * and the workspace: it authenticates the link and acts through the same commands, as an actor
 * whose door is `portal` and whose authority is that one document (src/identity/actor.ts).
 *
 * A link that is unknown, expired, revoked or whose document was voided gets the same page and
 * status (404), revealing nothing. Such links count against the address that opened them (the
 * failure throttles of sign-in, reused): past a few, the address waits for its next wrong link,
 * while a live link still opens from it. The token never reaches
 * a log (src/http/logger.ts), pages send no referrer and are never cached, the policy allows
 * nothing but this origin's stylesheet and inline images, and the accept form carries a CSRF
 * token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  currentFile,
  type DocumentLink,
  documentOfToken,
  type DocumentValue,
  keptFile,
  noteLinkUse,
  pdfRequestOf,
  sendPdf,
  signaturePage,
  signatureProblems,
  signDocument,
} from '../../crm/documents/index.js';
import { clientActor } from '../../policy/actor.js';
import { FailureThrottle } from '../../security/failure-throttle.js';
import { attempt } from '../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { portalGonePage, portalPage, portalWaitPage } from './portal.page.js';
import { portalView } from './portal-view.js';
import { organizationOf } from '../../crm/organization/index.js';
import { organizationLocale } from '../../locale.js';

const Params = Type.Object({ token: Type.String({ maxLength: 200 }) });
const DAY = 86_400;

/** Nothing but this origin's stylesheet and inline images; forms post here only; never framed. */
const PORTAL_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

interface Found {
  link: DocumentLink;
  document: DocumentValue;
}

export const portalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.ctx;
  // A few mistyped links are free; a run of them from one address waits, doubling to an hour.
  const throttle = new FailureThrottle(
    { freeFailures: 10, firstDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: DAY },
    clock,
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('Content-Security-Policy', PORTAL_POLICY)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Robots-Tag', 'noindex, nofollow');
  });

  /**
   * The link's document; a page (404, or 429 after too many) when there is none. A live link
   * opens whatever its address did before: only the links that find nothing (guesses, mistypes)
   * count against the address and wait, so a stranger guessing from a shared address (an office,
   * a phone network) never locks the client out of their own link.
   */
  async function opened(request: FastifyRequest, token: string, reply: FastifyReply) {
    const found = await documentOfToken(db, token, clock.now());
    if (found) return found;
    const wait = throttle.retryAfter(request.ip);
    if (wait > 0) {
      sendPage(reply.header('Retry-After', String(wait)), portalWaitPage(wait), 429);
      return undefined;
    }
    throttle.recordFailure([request.ip]);
    sendPage(reply, portalGonePage(), 404);
    return undefined;
  }

  const show = async (
    reply: FastifyReply,
    found: Found,
    extra: Parameters<typeof portalView>[2],
    status = 200,
  ) =>
    sendPage(
      reply,
      portalPage(await portalView(db, found, { ...extra, csrfToken: reply.generateCsrf() })),
      status,
    );

  app.get(
    '/p/:token',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const found = await opened(request, request.params.token, reply);
      if (!found) return reply;
      await noteLinkUse(db, found.link, clock.now());
      // The thanks follow the acceptance itself, not the address: `?notice=accepted` on a
      // proposal not accepted says nothing.
      const accepted = request.query.notice === 'accepted' && found.document.status === 'signed';
      return show(reply, found, { token: request.params.token, notice: accepted ? 'accepted' : undefined });
    },
  );

  app.get('/p/:token/pdf', { schema: { params: Params } }, async (request, reply) => {
    const found = await opened(request, request.params.token, reply);
    if (!found) return reply;
    const file = await currentFile(db, found.document);
    if (!file) return sendPage(reply, portalGonePage(), 404);
    const { model } = await pdfRequestOf(db, found.document, { watermark: null });
    return sendPdf(
      reply,
      { bytes: file.bytes, etag: `"${file.sha256}"`, filename: model.name },
      request.headers['if-none-match'],
    );
  });

  app.post(
    '/p/:token/accept',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const found = await opened(request, request.params.token, reply);
      if (!found) return reply;
      const { document } = found;
      // Withdrawn by a newer version sent: its terms are no longer on offer (the page says so).
      if (document.status === 'sent' && document.replacedAt !== null)
        return show(reply, found, { token: request.params.token }, 409);
      const input = {
        name: formText(request.body, 'name'),
        agreed: formText(request.body, 'agreed') === 'yes',
      };
      const form = { ...input, errors: fieldErrors(signatureProblems(input)) };
      if (Object.keys(form.errors).length > 0)
        return show(reply, found, { token: request.params.token, form }, 422);
      const sent = await keptFile(db, document.id, 'sent');
      if (document.status !== 'sent' || !sent) return reply.redirect(`/p/${request.params.token}`, 303);
      const signedAt = clock.now();
      const shown = await pdfRequestOf(db, document, { watermark: null });
      const organization = await organizationOf(db, document.organizationId);
      if (!organization) throw new Error('a linked document’s organization is gone');
      const signer = {
        name: input.name,
        address: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
        signedAt,
        seenSha256: sent.sha256,
      };
      const page = signaturePage(signer, {
        zone: organization.timezone,
        locale: organizationLocale(organization),
        documentName: shown.model.name,
        venue: organization.name,
      });
      const signedPdf = await app.ctx.pdf.render({ ...shown, signature: page });
      const actor = clientActor(document.organizationId, document.id, document.bookingId);
      const signed = await attempt(app.ctx.writer, actor, signDocument, {
        id: document.id,
        ...signer,
        agreed: input.agreed,
        signedPdf,
      });
      if (!signed.ok) {
        const { refusal } = signed;
        if (refusal.problems.length > 0) {
          const errors = refusal.fieldMessages();
          return show(reply, found, { token: request.params.token, form: { ...form, errors } }, 422);
        }
        // Replaced meanwhile: the page, read again, says so.
        if (refusal.code === 'replaced') {
          const now = await documentOfToken(db, request.params.token, clock.now());
          if (now) return show(reply, now, { token: request.params.token }, 409);
        }
        // Accepted meanwhile (a second tap): the page says so.
        if (refusal.status === 409) return reply.redirect(`/p/${request.params.token}`, 303);
        // Anything else the portal's error page says, as the API's error.
        throw refusal.asError();
      }
      return reply.redirect(`/p/${request.params.token}?notice=accepted`, 303);
    },
  );
};

function fieldErrors(
  problems: ReadonlyArray<{ field?: string | undefined; detail: string }>,
): Record<string, string> {
  return Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field!, p.detail]));
}
