/**
 * Settings → E-mail (SPEC §17), for the organization's admins: the venue's mailbox, saved and
 * removed through the same command and rules as `mailbox` on /v2/organization (every bad field at
 * once, beside its field; If-Match as the form's version), and a connection check that logs in
 * as the reader does. What the check found travels to the page in a sealed one-time cookie
 * (src/web/sealed-flash.ts): the server's words never ride in an address a link could forge.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  findOrganization,
  type OrganizationValue,
  updateOrganization,
  type Versioned,
} from '../../../crm/organization/index.js';
import type { FieldProblem } from '../../../errors.js';
import { checkSavedMailbox } from '../../../mail/inbound/mailbox-connection.js';
import { mailboxOf } from '../../../mail/inbound/mailbox-store.js';
import { appSecret } from '../../../db/app-secrets.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { SealedFlashes } from '../../sealed-flash.js';
import { attemptSubmit, fieldErrors } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { formVersion } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, visitorOf, type WorkspaceVisitor } from '../workspace-visitor.js';
import {
  emailSettingsPage,
  type EmailSettingsView,
  mailboxInput,
  mailboxValuesOf,
  mailboxValuesPosted,
} from './email-settings.page.js';
import { type CheckFlash, removeMailboxPage } from './email-settings.view.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const PATH = '/orgs/:org/settings/email';

/** The API's problems (`mailbox/host`, …) by the form's fields (`host`, …). */
function formErrors(problems: readonly FieldProblem[]): FieldErrors {
  return fieldErrors(problems.map((p) => ({ ...p, field: p.field?.replace(/^mailbox\//, '') })));
}

export const emailSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, clock } = app.ctx;
  const allowPlain = config.webhookAllowPrivateNetworks;
  const checks = new SealedFlashes<CheckFlash>(
    await appSecret(db, 'mailbox-check-flash-key', clock.now()),
    { purpose: 'mailbox-check-flash', cookie: 'marquee_mailbox_check' },
    config.baseUrl.startsWith('https:'),
  );

  /** The organization's settings with their version, or the 404 page. */
  async function venue(org: string) {
    const found = await findOrganization(app.ctx, org);
    if (!found) throw notFound();
    return found;
  }

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    { value: organization, version }: Versioned<OrganizationValue>,
    view: Partial<
      Pick<EmailSettingsView, 'values' | 'version' | 'errors' | 'passwordTyped' | 'notice' | 'check'>
    > & {
      /** Saved over by someone else: the form comes back with what is saved now beside it. */
      stale?: boolean;
    },
    status = 200,
  ) {
    const saved = await mailboxOf(db, organization.id);
    const page = emailSettingsPage(v, {
      values: view.values ?? mailboxValuesOf(saved),
      version: view.version ?? version,
      errors: view.errors ?? {},
      saved,
      zone: organization.timezone,
      allowPlain,
      passwordTyped: view.passwordTyped,
      notice: view.notice,
      check: view.check,
      ...(view.stale ? { stale: mailboxValuesOf(saved) } : {}),
    });
    return sendPage(reply, page, status);
  }

  app.get(
    PATH,
    {
      config: { takes: updateOrganization.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const organization = await venue(request.params.org);
      const check = checks.take(request, reply, orgPath(v, '/settings/email'), clock.now());
      return show(reply, v, organization, { notice: request.query.notice, check });
    },
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = mailboxValuesPosted(request.body);
      const password = formText(request.body, 'password');
      const change = {
        ifMatch: formVersion(request.body),
        input: { mailbox: mailboxInput(values, password) },
        allowPlainMailbox: allowPlain,
      };
      // The command judges every field (against the mailbox as saved) before it writes.
      const outcome = await attemptSubmit(request, updateOrganization, change, {}, async () => []);
      const typed = { values, passwordTyped: password !== '' };
      if (outcome.stale) {
        const now = await venue(request.params.org);
        return show(reply, v, now, { ...typed, stale: true }, 412);
      }
      let errors: FieldErrors;
      if (outcome.refusal) {
        if (outcome.refusal.problems.length === 0) return sendRefusal(request, reply, outcome.refusal);
        errors = formErrors(outcome.refusal.problems);
      } else if (outcome.errors) errors = outcome.errors;
      else return reply.redirect(orgPath(v, '/settings/email?notice=saved'), 303);
      const organization = await venue(request.params.org);
      const version = formText(request.body, 'version');
      return show(reply, v, organization, { ...typed, version, errors }, 422);
    },
  );

  app.post(
    `${PATH}/check`,
    // Not a command: connecting to the saved mailbox is asked of the policy here.
    {
      config: { takes: updateOrganization.action },
      preHandler: app.csrfProtection,
      schema: { params: OrgParams, body: FormBody },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const found = await checkSavedMailbox(db, v.organization.organizationId, {
        allowPrivateNetworks: allowPlain,
        now: request.ctx.now(),
      });
      if (!found) throw notFound();
      const page = orgPath(v, '/settings/email');
      checks.give(reply, page, found, clock.now());
      return reply.redirect(page, 303);
    },
  );

  app.get(
    `${PATH}/remove`,
    { config: { takes: updateOrganization.action }, schema: { params: OrgParams } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: organization, version } = await venue(request.params.org);
      const mailbox = await mailboxOf(db, organization.id);
      if (!mailbox) throw notFound();
      return sendPage(reply, removeMailboxPage(v, mailbox, version));
    },
  );

  app.post(
    `${PATH}/remove`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const change = { ifMatch: formVersion(request.body), input: { mailbox: null } };
      const outcome = await attempt(request.ctx.app.writer, v.actor, updateOrganization, change);
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, '/settings/email?notice=removed'), 303);
    },
  );
};
