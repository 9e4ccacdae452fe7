/**
 * Settings → Import and export (SPEC §10), for admins: a CSV file posted (multipart, its CSRF
 * token its first part) is checked or imported by importCsv, the path `marquee import` takes, with
 * IMPORT_MAX_BYTES as its limit; each export of `marquee export` is streamed as a download.
 */
import { PassThrough, Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isCsvType, isExportType } from '../../../csv/columns.js';
import { exportCsv } from '../../../csv/export-csv.js';
import { attemptImport, tooLarge } from '../../../csv/import-csv.js';
import { sendPage } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { importExportPage } from './import-export.page.js';
import { localDate } from '../time-zones.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { notFound, visitorOf } from '../workspace-visitor.js';
import { EXPORT_ACTIONS, IMPORT_ACTIONS } from '../../../policy/system.policy.js';

const PATH = '/orgs/:org/settings/import-export';
const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

interface Upload {
  _csrf?: string;
  type?: string;
  mode?: string;
  file?: { bytes: Buffer; tooLarge: boolean };
}

/** The form's parts; the file is held at most IMPORT_MAX_BYTES (the multipart limit cuts it there). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = {};
  if (!request.isMultipart()) return upload;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') upload.file = { bytes, tooLarge: part.file.truncated };
    } else if (['_csrf', 'type', 'mode'].includes(part.fieldname) && typeof part.value === 'string') {
      upload[part.fieldname as '_csrf' | 'type' | 'mode'] = part.value;
    }
  }
  return upload;
}

/** A refusal as the CLI words it, as a sentence beside the field. */
const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

export const importExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const maxBytes = config.importMaxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 3, parts: 4, fieldSize: 1000, headerPairs: 50 },
    throwFileSizeLimit: false,
  });

  app.get(
    PATH,
    { config: { takes: IMPORT_ACTIONS.run }, schema: { params: OrgParams } },
    async (request, reply) =>
      sendPage(reply, importExportPage(visitorOf(request), { type: 'accounts', errors: {}, maxBytes })),
  );

  app.post(
    `${PATH}/import`,
    {
      // Asked before the import is tried, so a refused visitor gets the refusal, not a file error.
      config: { takes: IMPORT_ACTIONS.run },
      // The form's parts are read before its CSRF token is checked: the token is one of them.
      preValidation: async (request) => {
        request.body = await readUpload(request);
      },
      preHandler: app.csrfProtection,
      schema: { params: OrgParams },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const upload = request.body as Upload;
      const type = upload.type ?? '';
      const errors: FieldErrors = {};
      if (!isCsvType(type)) errors.type = 'Choose what the file holds.';
      if (!upload.file || upload.file.bytes.length === 0) errors.file = 'Choose a CSV file.';
      else if (upload.file.tooLarge) errors.file = sentence(tooLarge(maxBytes).message);
      const show = (extra: Parameters<typeof importExportPage>[1], status: number) =>
        sendPage(reply, importExportPage(v, extra), status);
      if (Object.keys(errors).length > 0 || !isCsvType(type)) return show({ type, errors, maxBytes }, 422);
      const dryRun = upload.mode !== 'import';
      const outcome = await attemptImport(request.ctx.app.writer, {
        organizationId: v.organization.organizationId,
        grants: v.actor.grants,
        type,
        input: Readable.from([upload.file!.bytes]),
        size: upload.file!.bytes.length,
        maxBytes,
        dryRun,
      });
      // A file refused as a whole (its header, its encoding, broken CSV): said beside the field.
      if (!outcome.ok)
        return show({ type, errors: { file: sentence(outcome.refusal.detail) }, maxBytes }, 422);
      const result = outcome.value;
      return show(
        { type, errors: {}, maxBytes, result: { ...result, type } },
        result.errorCount > 0 ? 422 : 200,
      );
    },
  );

  app.get(
    `${PATH}/export/:file`,
    {
      config: { takes: EXPORT_ACTIONS.run },
      schema: {
        params: Type.Object({ org: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 40 }) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const type = request.params.file.replace(/\.csv$/, '');
      if (!request.params.file.endsWith('.csv') || !isExportType(type)) throw notFound();
      const org = v.organization.organizationId;
      const day = localDate(request.ctx.now(), await organizationZone(db, org));
      const output = new PassThrough();
      // Streamed as it is read; a failure part way ends the download short rather than whole.
      exportCsv(db, { organizationId: org, type, output }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'an export failed part way');
        output.destroy(error as Error);
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${type}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(output);
    },
  );
};
