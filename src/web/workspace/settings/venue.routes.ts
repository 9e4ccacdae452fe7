/** Settings → Venue: the organization's settings, changed by its administrators (SPEC §12). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkOrganization, findOrganization, updateOrganization } from '../../../crm/organization/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import { formVersion } from '../forms/record-posts.js';
import { venueInput, venuePage, venueValuesOf, venueValuesPosted } from './venue.page.js';
import { notFound, orgPath, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
export const venueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The organization's settings with their version, or the 404 page. */
  async function venue(org: string) {
    const found = await findOrganization(app.ctx, org);
    if (!found) throw notFound();
    return found;
  }

  app.get(
    '/orgs/:org/settings/venue',
    {
      config: { takes: updateOrganization.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const { value, version } = await venue(request.params.org);
      const values = venueValuesOf(value);
      return sendPage(
        reply,
        venuePage(visitorOf(request), { values, version, errors: {}, notice: request.query.notice }),
      );
    },
  );

  app.post(
    '/orgs/:org/settings/venue',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = venueValuesPosted(request.body);
      const input = venueInput(values);
      const change = { ifMatch: formVersion(request.body), input };
      const before = (await venue(request.params.org)).value.currency;
      const outcome = await submit(
        request,
        updateOrganization,
        change,
        {},
        async () => checkOrganization(input).problems,
      );
      if (outcome.stale) {
        const { value: now, version } = await venue(request.params.org);
        const saved = venueValuesOf(now);
        return sendPage(reply, venuePage(v, { values, version, errors: {}, saved }), 412);
      }
      if (outcome.errors) {
        const version = formText(request.body, 'version');
        return sendPage(reply, venuePage(v, { values, version, errors: outcome.errors }), 422);
      }
      // A new currency is said again: the catalogue's prices kept their figures.
      const notice = input.currency?.toUpperCase() !== before ? 'currency' : 'saved';
      return reply.redirect(orgPath(v, `/settings/venue?notice=${notice}`), 303);
    },
  );
};
