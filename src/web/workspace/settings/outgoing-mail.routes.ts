/**
 * Settings → Outgoing mail (SPEC §13), for the organization's admins: the From address its mail
 * is sent with, the latest messages, one message, a test message to oneself, and a failed or
 * kept message sent again.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  organizationZone,
  sendMailAgain,
  sendTestMail,
  setMailFrom,
} from '../../../crm/organization/index.js';
import { attempt, write } from '../../../writes/unit-of-work.js';
import { findMail, latestMail, OUTBOX_PAGE } from '../../../mail/outbox.js';
import { smtpServerName } from '../../../mail/transport.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { fromHeader, organizationFrom, readMailFrom, unrealDomain } from '../../../mail/from-address.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { outgoingMailPage, outgoingMessagePage } from './outgoing-mail.page.js';
import { notFound, orgPath, visitorOf } from '../workspace-visitor.js';

const PATH = '/orgs/:org/settings/outgoing-mail';
const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const MailParams = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });
const Notice = Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) });
const MAIL_SETTINGS = {
  // The pages ask the policy of the action their form takes; the posts' commands are judged again
  // by the unit of work.
  config: { takes: setMailFrom.action },
};

export const outgoingMailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const smtpServer = config.smtpUrl === undefined ? undefined : smtpServerName(config.smtpUrl);

  /** The page, with the From form as saved, or as typed with its errors. */
  async function page(
    request: FastifyRequest,
    typed?: { name: string; address: string; errors: FieldErrors },
  ) {
    const v = visitorOf(request);
    const org = v.organization.organizationId;
    const [mail, zone, own] = await Promise.all([
      latestMail(db, org),
      organizationZone(db, org),
      organizationFrom(db, org),
    ]);
    const from = own ? fromHeader(own) : config.mailFrom;
    const address = own?.address ?? /<([^>]+)>$/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
    const fromForm = typed ?? { name: own?.name ?? '', address: own?.address ?? '', errors: {} };
    const view = { smtpServer, from, zone, mail, limit: OUTBOX_PAGE };
    const notice = (request.query as { notice?: string }).notice;
    return outgoingMailPage(v, {
      ...view,
      notice,
      fromForm: { ...fromForm, warning: unrealDomain(address) },
    });
  }

  app.get(
    PATH,
    { ...MAIL_SETTINGS, schema: { params: OrgParams, querystring: Notice } },
    async (request, reply) => sendPage(reply, await page(request)),
  );

  app.post(
    `${PATH}/from`,
    { ...MAIL_SETTINGS, preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const name = formText(request.body, 'from_name');
      const address = formText(request.body, 'from_address');
      const read = readMailFrom(name, address);
      if (Object.keys(read.errors).length > 0)
        return sendPage(reply, await page(request, { name, address, errors: read.errors }), 422);
      await write(request.ctx.app.writer, v.actor, setMailFrom, { from: read.from });
      return reply.redirect(orgPath(v, '/settings/outgoing-mail?notice=from'), 303);
    },
  );

  app.post(
    `${PATH}/test`,
    { ...MAIL_SETTINGS, preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      await write(request.ctx.app.writer, v.actor, sendTestMail, { sending: smtpServer !== undefined });
      const notice = smtpServer === undefined ? 'kept' : 'test';
      return reply.redirect(orgPath(v, `/settings/outgoing-mail?notice=${notice}`), 303);
    },
  );

  app.get(
    `${PATH}/:id`,
    { ...MAIL_SETTINGS, schema: { params: MailParams, querystring: Notice } },
    async (request, reply) => {
      const v = visitorOf(request);
      const org = v.organization.organizationId;
      const [mail, zone] = await Promise.all([
        findMail(db, org, request.params.id),
        organizationZone(db, org),
      ]);
      if (!mail) throw notFound();
      const own = await organizationFrom(db, org);
      const from = own ? fromHeader(own) : config.mailFrom;
      const view = { smtpServer, from, zone, notice: request.query.notice };
      return sendPage(reply, outgoingMessagePage(v, mail, view));
    },
  );

  // The HTML part as the message's reader shows it, in a sandboxed frame of the message's page:
  // no script runs, nothing is fetched, and it may be framed by this origin's pages alone.
  app.get(
    `${PATH}/:id/html`,
    { ...MAIL_SETTINGS, schema: { params: MailParams } },
    async (request, reply) => {
      const v = visitorOf(request);
      const mail = await findMail(db, v.organization.organizationId, request.params.id);
      if (!mail?.html_body) throw notFound();
      return reply
        .header(
          'Content-Security-Policy',
          "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
        )
        .header('X-Frame-Options', 'SAMEORIGIN')
        .type('text/html; charset=utf-8')
        .send(mail.html_body);
    },
  );

  app.post(
    `${PATH}/:id/send`,
    { ...MAIL_SETTINGS, preHandler: app.csrfProtection, schema: { params: MailParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      if (smtpServer === undefined) throw notFound();
      const again = await attempt(request.ctx.app.writer, v.actor, sendMailAgain, { id: request.params.id });
      if (!again.ok) throw notFound();
      return reply.redirect(orgPath(v, `/settings/outgoing-mail/${request.params.id}?notice=again`), 303);
    },
  );
};
