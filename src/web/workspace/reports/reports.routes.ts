/**
 * GET /orgs/:org/reports[/:name] shows a report (reports.page.ts); /orgs/:org/reports/:name/csv
 * downloads it, the same rows as GET /v2/reports/{name}?format=csv.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  isReportName,
  rangeProblems,
  readRange,
  reportCsv,
  runReport,
  type ReportRange,
} from '../../../crm/reports/index.js';
import { sendPage } from '../../forms.js';
import { reportsPage } from './reports.page.js';
import { notFound, orgPath, visitorOf } from '../workspace-visitor.js';

const Params = Type.Object({ org: Type.String({ maxLength: 64 }), name: Type.String({ maxLength: 40 }) });
const Query = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 10 })),
  to: Type.Optional(Type.String({ maxLength: 10 })),
});

/** The range asked for, or none and why. */
function rangeOf(query: { from?: string | undefined; to?: string | undefined }): {
  range: ReportRange;
  problem?: string;
} {
  const given = { from: query.from || undefined, to: query.to || undefined };
  const [first] = rangeProblems(given);
  if (first) return { range: {}, problem: `${first.detail} The report shows every day instead.` };
  return { range: readRange(given) };
}

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/orgs/:org/reports',
    { schema: { params: Type.Object({ org: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => reply.redirect(orgPath(visitorOf(request), '/reports/pipeline'), 303),
  );
  app.get(
    '/orgs/:org/reports/:name',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { name } = request.params;
      if (!isReportName(name)) throw notFound();
      const { range, problem } = rangeOf(request.query);
      const rows = await runReport(db, v.organization.organizationId, name, range);
      return sendPage(
        reply,
        reportsPage(v, { name, from: range.from ?? '', to: range.to ?? '', rows, problem }),
      );
    },
  );
  app.get(
    '/orgs/:org/reports/:name/csv',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { name } = request.params;
      if (!isReportName(name)) throw notFound();
      const rows = await runReport(db, v.organization.organizationId, name, rangeOf(request.query).range);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(reportCsv(name, rows, v.locale));
    },
  );
};
