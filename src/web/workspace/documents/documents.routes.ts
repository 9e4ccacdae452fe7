/**
 * Documents in the workspace (SPEC §13), through the same commands as the API: a new version from
 * the booking's page, a document's page (its preview), its PDF, sending a proposal or an issued
 * invoice, issuing an invoice or a BEO, voiding, deleting a draft, and revoking a client's link.
 * Every form answers
 * with a redirect to a page (post, redirect, get), so a reload never sends, issues or voids
 * again; a new link reaches the page that shows it once in a sealed one-time cookie
 * (src/web/sealed-flash.ts), never in its address. What a command refuses is shown as a page in
 * words (refusals.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { bookingDefinition } from '../../../crm/bookings/index.js';
import {
  dayOf,
  deleteDocument,
  documentPdf,
  documentPdfFile,
  documentProblems,
  type DocumentValue,
  findDocument,
  linkOf,
  issueDocument,
  issuePdf,
  makeDocument,
  pdfRequestOf,
  revokeDocumentLink,
  sendDocument,
  sendPdf,
  signaturesOf,
  voidDocument,
} from '../../../crm/documents/index.js';
import { bookingEvents } from '../../../crm/events/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { readingLocale } from '../../../locale.js';
import { appSecret } from '../../../db/app-secrets.js';
import { write } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { HtmlError } from '../../html-error.js';
import { SealedFlashes } from '../../sealed-flash.js';
import { documentPage, type DocumentPageView } from './document.page.js';
import { fieldErrors } from '../forms/form-errors.js';
import { recordOf } from '../workspace-reads.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const Params = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });
const NOTICES: Record<string, string> = {
  created: 'A new version is made. Check it, then send or issue it.',
  issued: 'Issued: its number is given and its PDF kept for good.',
  beo_issued: 'Issued: this BEO is final, and its PDF kept for good.',
  voided: 'Voided: nothing more is done with it, and its client links stop.',
  sent: 'Sent.',
};

/** A proposal's new link, from the POST that sent it to the page that shows it once. */
type LinkFlash = NonNullable<DocumentPageView['link']>;

export const documentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, clock } = app.ctx;
  const links = new SealedFlashes<LinkFlash>(
    await appSecret(db, 'document-link-flash-key', clock.now()),
    { purpose: 'document-link-flash', cookie: 'marquee_new_link' },
    config.baseUrl.startsWith('https:'),
  );

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    document: DocumentValue,
    extra: Pick<DocumentPageView, 'link' | 'notice'>,
  ) {
    const org = v.organization.organizationId;
    const [booking, events, request_, zone, signatures] = await Promise.all([
      recordOf(db, bookingDefinition, org, document.bookingId),
      bookingEvents(app.ctx, org, document.bookingId),
      pdfRequestOf(db, document, { watermark: null }),
      organizationZone(db, org),
      signaturesOf(db, [document.id]),
    ]);
    const view: DocumentPageView = {
      document,
      booking,
      events,
      model: request_.model,
      logo: request_.logo,
      issued: document.issuedAt
        ? { number: document.number, issuedOn: dayOf(document.issuedAt, zone, readingLocale()) }
        : undefined,
      signature: signatures.get(document.id),
      zone,
      ...extra,
    };
    return sendPage(reply, documentPage(v, view));
  }

  /** The organization's document the address names, or the 404 page. */
  async function documentOf(v: WorkspaceVisitor, id: string) {
    const found = await findDocument(app.ctx, v.organization.organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  app.post(
    '/orgs/:org/bookings/:id/documents',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, v.organization.organizationId, request.params.id);
      const [kind, eventId] = formText(request.body, 'kind').split(':');
      const input = {
        kind,
        bookingId: booking.id,
        eventId: kind === 'beo' ? eventId : undefined,
        show_prices: kind === 'beo' ? formText(request.body, 'show_prices') === 'yes' : undefined,
      };
      const problems = fieldErrors(await documentProblems(db, v.actor, input));
      if (Object.keys(problems).length > 0)
        throw new HtmlError(422, 'No document was made', Object.values(problems).join(' '));
      const document = await makeDocument(request.ctx.app, v.actor, input);
      return reply.redirect(orgPath(v, `/documents/${document.id}?notice=created`), 303);
    },
  );

  app.get(
    '/orgs/:org/documents/:id',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const document = await documentOf(v, request.params.id);
      const link = links.take(request, reply, orgPath(v, `/documents/${document.id}`), clock.now());
      const notice = link ? undefined : NOTICES[request.query.notice ?? ''];
      return show(reply, v, document, { notice, link });
    },
  );

  app.get('/orgs/:org/documents/:id/pdf', { schema: { params: Params } }, async (request, reply) => {
    const document = await documentOf(visitorOf(request), request.params.id);
    return sendPdf(reply, await documentPdfFile(request.ctx.app, document), request.headers['if-none-match']);
  });

  app.post(
    '/orgs/:org/documents/:id/send',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const current = await documentOf(v, request.params.id);
      const sent = await write(request.ctx.app.writer, v.actor, sendDocument, {
        id: current.id,
        pdf:
          current.kind === 'proposal' && current.status === 'draft'
            ? await documentPdf(request.ctx.app, current)
            : undefined,
        portal: `${config.baseUrl}/p/`,
        sending: config.smtpUrl !== undefined,
        mailPerHour: config.mailPerHour,
      });
      const zone = await organizationZone(db, v.organization.organizationId);
      const page = orgPath(v, `/documents/${current.id}`);
      // Only the link's hash is kept: the page after the redirect shows it once, and to whom it went.
      links.give(
        reply,
        page,
        {
          url: sent.shareUrl,
          expiresOn: dayOf(sent.expiresAt, zone, readingLocale()),
          mailed: config.smtpUrl !== undefined,
          kind: current.kind === 'invoice' ? 'invoice' : 'proposal',
          to: sent.to.name ? `${sent.to.name} (${sent.to.address})` : sent.to.address,
        },
        clock.now(),
      );
      return reply.redirect(`${page}?notice=sent`, 303);
    },
  );

  app.post(
    '/orgs/:org/documents/:id/issue',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const current = await documentOf(v, request.params.id);
      await write(request.ctx.app.writer, v.actor, issueDocument, {
        id: current.id,
        ...(await issuePdf(request.ctx.app, current)),
      });
      const notice = current.kind === 'beo' ? 'beo_issued' : 'issued';
      return reply.redirect(orgPath(v, `/documents/${current.id}?notice=${notice}`), 303);
    },
  );

  app.post(
    '/orgs/:org/documents/:id/void',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const current = await documentOf(v, request.params.id);
      await write(request.ctx.app.writer, v.actor, voidDocument, { id: current.id });
      return reply.redirect(orgPath(v, `/documents/${current.id}?notice=voided`), 303);
    },
  );

  app.post(
    '/orgs/:org/documents/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const current = await documentOf(v, request.params.id);
      await write(request.ctx.app.writer, v.actor, deleteDocument, { id: current.id, ifMatch: undefined });
      return reply.redirect(
        orgPath(v, `/bookings/${current.bookingId}?notice=document-deleted#documents-title`),
        303,
      );
    },
  );

  app.post(
    '/orgs/:org/document-links/:id/revoke',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const link = await linkOf(db, v.organization.organizationId, request.params.id);
      if (!link) throw new HtmlError(404, 'Not found', 'There is nothing at this address.');
      await write(request.ctx.app.writer, v.actor, revokeDocumentLink, { linkId: link.id });
      return reply.redirect(
        orgPath(v, `/bookings/${link.bookingId}?notice=link-revoked#documents-title`),
        303,
      );
    },
  );
};
