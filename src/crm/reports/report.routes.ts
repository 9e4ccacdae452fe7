/**
 * GET /v2/reports/{name}?from=&to= (SPEC §14): a report's rows as JSON:API resources of type
 * `report_rows` whose attributes are the row's columns, or with `format=csv` as CSV. Needs
 * crm_read. An unknown report is a 404; every bad parameter is named at once (400).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE } from '../../api/jsonapi.js';
import { ApiHeaders, READ_SECURITY } from '../../api/route-schemas.js';
import { localeOfOrganization } from '../formatted-amounts.js';
import { BadParametersError, NotFoundError } from '../../errors.js';
import { isReportName, readRange, REPORT_NAMES, reportCsv, runReport } from './reports.js';

const Query = Type.Object(
  {
    from: Type.Optional(
      Type.String({ maxLength: 10, description: 'First day (YYYY-MM-DD, the venue’s zone)' }),
    ),
    to: Type.Optional(Type.String({ maxLength: 10, description: 'Last day, inclusive' })),
    format: Type.Optional(Type.String({ maxLength: 10, description: 'csv for CSV; default JSON:API' })),
  },
  { additionalProperties: false },
);

const ReportDocument = Type.Object({
  data: Type.Array(
    Type.Object({
      type: Type.Literal('report_rows'),
      id: Type.String(),
      attributes: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  meta: Type.Object({
    report: Type.String(),
    from: Type.Union([Type.String(), Type.Null()]),
    to: Type.Union([Type.String(), Type.Null()]),
  }),
  links: Type.Object({ self: Type.String() }),
});

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  app.get(
    '/v2/reports/:name',
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: ['Reports'],
        summary: 'A report',
        description: `One of ${REPORT_NAMES.join(', ')} for the days from–to (both optional, inclusive, in the organization's time zone), amounts per currency in minor units. pipeline rows: {month, status, currency, count, grand_total}; conversion: {month, currency, leads, won, lost, open, conversion_rate, won_total, lost_reasons}; revenue_by_space: {month, space_id, space_name, currency, amount}; payments_due: {installment_id, label, booking_id, booking_reference, booking_name, contact_name, contact_email, due_on, amount, paid, outstanding, currency, state, overdue}. format=csv gives CSV, with each amount followed by <column>_formatted, the amount in the organization's locale with its currency ("$2,500.00"). Needs crm_read.`,
        security: READ_SECURITY,
        headers: ApiHeaders,
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        querystring: Query,
        produces: [JSONAPI_MEDIA_TYPE, 'text/csv'],
        response: {
          200: {
            description: 'The rows: JSON:API report_rows, or CSV with format=csv',
            content: {
              [JSONAPI_MEDIA_TYPE]: { schema: ReportDocument },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isReportName(name))
        throw new NotFoundError(`There is no report "${name}": there are ${REPORT_NAMES.join(', ')}.`);
      const { format } = request.query;
      if (format !== undefined && format !== 'csv' && format !== 'json')
        throw new BadParametersError([{ parameter: 'format', detail: 'format is csv or json.' }]);
      const range = readRange(request.query);
      const { organizationId } = request.apiAuth;
      const rows = await runReport(request.ctx.db, organizationId, name, range);
      if (format === 'csv') {
        const locale = await localeOfOrganization(request.ctx.db, organizationId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(reportCsv(name, rows, locale));
      }
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: rows.map((attributes, i) => ({
          type: 'report_rows' as const,
          id: `${name}-${i + 1}`,
          attributes,
        })),
        meta: { report: name, from: range.from ?? null, to: range.to ?? null },
        links: { self: `${config.baseUrl}${request.url}` },
      };
    },
  );
};
