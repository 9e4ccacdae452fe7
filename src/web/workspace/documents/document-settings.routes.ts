/**
 * Settings → Documents (SPEC §13), for organization admins: the venue's address, its logo (an
 * upload read with @fastify/multipart under limits: one file of at most 1 MB, nothing else but
 * the form's CSRF token, carried in its address), and each kind's templates. What is refused is
 * shown beside its field, the template's line and reason in words.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  addressProblems,
  checkLogo,
  checkTemplates,
  customMergeFields,
  DOCUMENT_KINDS,
  type DocumentKind,
  documentSettingsOf,
  LOGO_MAX_BYTES,
  logoBytes,
  restoreDefaultTemplates,
  SAMPLE_MERGE_DATA,
  saveLogo,
  saveTemplates,
  saveVenueAddress,
  savedTemplatesOf,
  templatesOf,
  withCustomSample,
} from '../../../crm/documents/index.js';
import { write } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { documentSettingsPage, type DocumentSettingsView, logoView } from './document-settings.page.js';
import { fieldErrors } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const PATH = '/orgs/:org/settings/documents';
const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const KindParams = Type.Object({ org: Type.String({ maxLength: 64 }), kind: Type.String({ maxLength: 20 }) });
const NOTICES: Record<string, string> = {
  address: 'Address saved.',
  logo: 'Logo saved: new documents show it.',
  'logo-removed': 'Logo removed.',
  templates: 'Templates saved: new documents use them.',
  defaults: 'Marquee’s templates are back.',
};

const kindOf = (value: string | undefined): DocumentKind => {
  const kind = DOCUMENT_KINDS.find((k) => k === value);
  if (value !== undefined && !kind) throw notFound();
  return kind ?? 'proposal';
};

export const documentSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1000, headerPairs: 50 },
    // A file past the limit is cut short and marked, for the page to say so beside the field.
    throwFileSizeLimit: false,
  });

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    kind: DocumentKind,
    extra: {
      errors?: FieldErrors;
      notice?: string | undefined;
      address?: string;
      templates?: DocumentSettingsView['templates'];
    },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [settings, templates, saved, custom] = await Promise.all([
      documentSettingsOf(db, org),
      templatesOf(db, org, kind),
      savedTemplatesOf(db, org, kind),
      customMergeFields(db, org),
    ]);
    const logo = settings.logo ? await logoBytes(db, org, settings.logo.sha256) : undefined;
    const view: DocumentSettingsView = {
      kind,
      address: extra.address ?? settings.venue_address,
      logo: logo && settings.logo ? logoView(logo, settings.logo) : undefined,
      templates: extra.templates ?? templates,
      defaults: !saved,
      errors: extra.errors ?? {},
      notice: extra.notice,
      sample: withCustomSample(SAMPLE_MERGE_DATA, custom),
    };
    return sendPage(reply, documentSettingsPage(v, view), status);
  }

  app.get(
    PATH,
    {
      config: { takes: saveTemplates.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({
          kind: Type.Optional(Type.String({ maxLength: 20 })),
          notice: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    (request, reply) =>
      show(reply, visitorOf(request), kindOf(request.query.kind), {
        notice: NOTICES[request.query.notice ?? ''],
      }),
  );

  app.post(
    `${PATH}/address`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const address = formText(request.body, 'venue_address');
      const errors = fieldErrors(addressProblems(address));
      if (Object.keys(errors).length > 0) return show(reply, v, 'proposal', { errors, address }, 422);
      await write(request.ctx.app.writer, v.actor, saveVenueAddress, { address });
      return reply.redirect(orgPath(v, '/settings/documents?notice=address'), 303);
    },
  );

  app.post(
    `${PATH}/logo`,
    {
      // The form's parts are read before its CSRF token is checked: the token is one of them.
      preValidation: async (request) => {
        request.body = await readUpload(request);
      },
      preHandler: app.csrfProtection,
      schema: { params: OrgParams },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const upload = (request.body as Upload).logo;
      // Its bytes are judged, not its name or claimed type, then made ready for documents (logo.ts).
      const checked = upload?.tooLarge
        ? { problem: 'The logo is larger than 1 MB: save it smaller and upload it again.' }
        : await checkLogo(upload?.bytes ?? new Uint8Array());
      if ('problem' in checked) return show(reply, v, 'proposal', { errors: { logo: checked.problem } }, 422);
      try {
        await request.ctx.app.pdf.render({
          model: LOGO_TRIAL,
          logo: { bytes: checked.logo.bytes, mediaType: checked.logo.mediaType },
          watermark: null,
          createdAt: new Date(0).toISOString(),
        });
      } catch {
        const problem =
          'The image cannot be read into a PDF: save it again as a PNG or JPEG and upload that.';
        return show(reply, v, 'proposal', { errors: { logo: problem } }, 422);
      }
      await write(request.ctx.app.writer, v.actor, saveLogo, { logo: checked.logo });
      return reply.redirect(orgPath(v, '/settings/documents?notice=logo'), 303);
    },
  );

  app.post(
    `${PATH}/logo/remove`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      await write(request.ctx.app.writer, v.actor, saveLogo, { logo: null });
      return reply.redirect(orgPath(v, '/settings/documents?notice=logo-removed'), 303);
    },
  );

  app.post(
    `${PATH}/templates/:kind`,
    { preHandler: app.csrfProtection, schema: { params: KindParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const kind = kindOf(request.params.kind);
      const templates = {
        header: formText(request.body, 'header'),
        footer: formText(request.body, 'footer'),
        terms: formText(request.body, 'terms'),
      };
      const org = v.organization.organizationId;
      const sample = withCustomSample(SAMPLE_MERGE_DATA, await customMergeFields(db, org));
      const judged = await checkTemplates(request.ctx.app.pdf, org, { kind, ...templates }, sample);
      if ('problems' in judged)
        return show(reply, v, kind, { errors: fieldErrors(judged.problems), templates }, 422);
      await write(request.ctx.app.writer, v.actor, saveTemplates, judged.checked);
      return reply.redirect(
        orgPath(v, `/settings/documents?kind=${kind}&notice=templates#templates-title`),
        303,
      );
    },
  );

  app.post(
    `${PATH}/templates/:kind/defaults`,
    { preHandler: app.csrfProtection, schema: { params: KindParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const kind = kindOf(request.params.kind);
      await write(request.ctx.app.writer, v.actor, restoreDefaultTemplates, { kind });
      return reply.redirect(
        orgPath(v, `/settings/documents?kind=${kind}&notice=defaults#templates-title`),
        303,
      );
    },
  );
};

interface Upload {
  _csrf?: string;
  logo?: { bytes: Uint8Array; tooLarge: boolean };
}

/** The logo form's parts: its CSRF token and its one file (none when the post is not multipart). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = {};
  if (!request.isMultipart()) return upload;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = new Uint8Array(await part.toBuffer());
      upload.logo = { bytes, tooLarge: part.file.truncated };
    } else if (part.fieldname === '_csrf' && typeof part.value === 'string') {
      upload._csrf = part.value;
    }
  }
  return upload;
}

/** A one-line document the PDF library draws an uploaded logo into, to know it can. */
const LOGO_TRIAL = {
  kind: 'proposal' as const,
  title: 'Logo',
  subtitle: SAMPLE_MERGE_DATA.venue.name,
  venue: { name: SAMPLE_MERGE_DATA.venue.name, address: [], logo: { sha256: '', width: 1, height: 1 } },
  meta: [],
  recipient: { heading: '', lines: [] },
  introduction: [],
  sections: [],
  terms: null,
  footer: '',
  name: 'Logo',
  pageSize: 'A4' as const,
};
