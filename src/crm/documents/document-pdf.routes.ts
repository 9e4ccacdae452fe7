/**
 * `GET /v2/documents/{id}/pdf` (SPEC §13): the PDF kept for a document, or a draft made now; a
 * void one marked VOID on every page, with the bytes it was sent or issued as at `?as=issued`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, StringEnum } from '../../api/jsonapi.js';
import { ApiHeaders, IdParams, READ_SECURITY } from '../../api/route-schemas.js';
import { NotFoundError } from '../../errors.js';
import { findRow } from '../data/record-lookup.js';
import { documentCodec } from './document.codec.js';
import { documentPdfFile, issuedPdfFile, sendPdf } from './document-pdf.js';
import { documentDefinition } from './document.resource.js';

export const documentPdfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/documents/:id/pdf',
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: ['Documents'],
        summary: 'The document’s PDF',
        description:
          'application/pdf: the PDF kept for it once it was sent, issued or signed (the same bytes every time, whose SHA-256 is its sha256), else a draft made now, marked DRAFT. A void document is marked VOID on every page; `as=issued` returns the bytes kept for it as they were sent, issued or signed (404 when it never left the venue). Needs crm_read.',
        security: READ_SECURITY,
        headers: ApiHeaders,
        params: IdParams,
        querystring: Type.Object({
          as: Type.Optional(
            StringEnum(['issued'] as const, 'issued: the PDF as it was kept when sent, issued or signed'),
          ),
        }),
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          304: Type.Null(),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { ctx, apiAuth: auth } = request;
      const row = await findRow(ctx.db, documentDefinition, auth.organizationId, request.params.id);
      if (!row) throw new NotFoundError(`No documents resource has the id "${request.params.id}".`);
      const document = documentCodec.decode(row);
      const file =
        request.query.as === 'issued'
          ? await issuedPdfFile(ctx.app, document)
          : await documentPdfFile(ctx.app, document);
      if (!file)
        throw new NotFoundError(
          `The ${document.kind === 'beo' ? 'BEO' : document.kind} "${document.id}" was never sent, issued or signed: it has no issued PDF.`,
        );
      return sendPdf(reply, file, request.headers['if-none-match']);
    },
  );
};
