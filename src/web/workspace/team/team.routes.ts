/**
 * Settings → Team (admins): invite a person by name and e-mail with a role, change roles, remove
 * members (behind a confirmation). The team commands decide (src/identity/team.commands.ts), the
 * same as the command line's `members remove`: never the last admin, never a link into an
 * account this invitation did not create.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';
import { changeMemberRole, inviteMember, removeMember } from '../../../identity/team.commands.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { html } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { teamPage, type TeamView } from './team.page.js';
import { sendRefusal } from '../refusals.js';
import { workspacePage } from '../workspace-layout.js';
import { notFound, orgPath, visitorOf, type WorkspaceVisitor } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const MemberParams = Type.Object({
  org: Type.String({ maxLength: 64 }),
  user: Type.String({ maxLength: 64 }),
});
export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, writer } = app.ctx;
  const sending = config.smtpUrl !== undefined;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: Omit<TeamView, 'members'>,
    status = 200,
  ) {
    const members = await listMembersOfOrganization(db, v.organization.organizationId);
    return sendPage(reply, teamPage(v, { ...view, members }), status);
  }

  app.get(
    '/orgs/:org/settings/team',
    {
      config: { takes: inviteMember.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) =>
      show(reply, visitorOf(request), {
        values: { email: '', name: '', role: 'member' },
        errors: {},
        notice: request.query.notice,
      }),
  );

  app.post(
    '/orgs/:org/settings/team',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = {
        email: formText(request.body, 'email'),
        name: formText(request.body, 'name'),
        role: formText(request.body, 'role'),
      };
      const outcome = await attempt(writer, v.actor, inviteMember, {
        ...values,
        sending,
        authUrl: config.authUrl,
      });
      if (!outcome.ok) {
        const { refusal } = outcome;
        if (refusal.problems.length === 0) return sendRefusal(request, reply, refusal);
        return show(reply, v, { values, errors: refusal.fieldMessages() }, 422);
      }
      const invited = outcome.value;
      if (invited.kind === 'added') {
        const notice = !invited.linkMailed ? 'added' : sending ? 'added-link' : 'added-link-kept';
        return reply.redirect(orgPath(v, `/settings/team?notice=${notice}`), 303);
      }
      if (invited.passwordToken === undefined)
        return reply.redirect(orgPath(v, '/settings/team?notice=invited'), 303);
      // No mail server sends it: the link is in this response only, for the admin to pass on;
      // never in an address, a redirect or a log.
      const link = `${config.authUrl}/set-password/${invited.passwordToken}`;
      return show(reply, v, {
        values: { email: '', name: '', role: 'member' },
        errors: {},
        invited: { email: invited.email, link },
      });
    },
  );

  app.post(
    '/orgs/:org/settings/team/:user/role',
    { preHandler: app.csrfProtection, schema: { params: MemberParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const outcome = await attempt(writer, v.actor, changeMemberRole, {
        userId: request.params.user,
        role: formText(request.body, 'role'),
      });
      // A refusal (the last admin) shows as a page of the workspace (refusals.ts).
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, '/settings/team?notice=role'), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/team/:user/remove',
    { config: { takes: removeMember.action }, schema: { params: MemberParams } },
    async (request, reply) => {
      const v = visitorOf(request);
      const members = await listMembersOfOrganization(db, v.organization.organizationId);
      const member = members.find((m) => m.userId === request.params.user);
      if (!member) throw notFound();
      const who = member.name ? `${member.name} (${member.email})` : member.email;
      const title = `Remove ${who}?`;
      const body = html`<h1>${title}</h1>
        <div role="alert" class="refusal">${member.name || member.email} can no longer sign in to this venue, and the apps they
          connected or own here and their API keys stop working at once. Their bookings and notes stay.</div>
        <form method="post" action="${orgPath(v, `/settings/team/${member.userId}/remove`)}">${csrfField(v.csrfToken)}
          <div class="actions"><button type="submit" class="danger">Remove ${member.name || member.email}</button>
            <a class="button secondary" href="${orgPath(v, '/settings/team')}">Cancel</a></div></form>`;
      return sendPage(reply, workspacePage(v, { title, section: 'settings', body }));
    },
  );

  app.post(
    '/orgs/:org/settings/team/:user/remove',
    { preHandler: app.csrfProtection, schema: { params: MemberParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const outcome = await attempt(writer, v.actor, removeMember, {
        userId: request.params.user,
        notMember: 'No such member.',
      });
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, '/settings/team?notice=removed'), 303);
    },
  );
};
