/**
 * Documents over the API (SPEC §13): read, create (a new version of the booking's current data)
 * and delete (a draft) through the generic routes, and the actions `POST /v2/documents/{id}/send`
 * (a proposal, or an issued invoice: the response's `meta.share_url` is the client's link, shown
 * this once),
 * `…/issue` (an invoice) and `…/void`, each honouring If-Match and Idempotency-Key, and
 * `GET /v2/documents/{id}/pdf`. A route renders any PDF the action keeps before the action's
 * unit of work, on the rendering threads.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotencyScope } from '../../api/api-auth.js';
import { errorResponses, JSONAPI_MEDIA_TYPE, Nullable, StringEnum } from '../../api/jsonapi.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { createDocument as createBody, relatedId, ToOne } from '../../api/request-documents.js';
import { findRow } from '../data/record-lookup.js';
import { IdParams, MANAGE_SECURITY } from '../../api/route-schemas.js';
import { resourceEtag } from '../../api/write-replies.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { NotFoundError } from '../../errors.js';
import type { App } from '../../http/app-instance.js';
import type { Refusal } from '../../writes/refusal.js';
import { type Command, writeCreate } from '../../writes/unit-of-work.js';
import { issueDocument, type Sent, sendDocument, voidDocument } from './document-actions.js';
import { createDocument, deleteDocument, documentProblems, type DocumentInput } from './document.commands.js';
import { withRenderedTemplates } from './document-making.js';
import { documentPdf, issuePdf } from './document-pdf.js';
import { documentPdfRoutes } from './document-pdf.routes.js';
import { documentDefinition, DocumentResource } from './document.resource.js';
import { documentCodec, type DocumentValue } from './document.codec.js';
import type { DocumentRow } from './document.table.js';
import { DOCUMENT_KINDS } from './document.table.js';

const CreateBody = createBody('documents', {
  attributes: Type.Object(
    {
      kind: StringEnum(DOCUMENT_KINDS, 'proposal, beo or invoice'),
      show_prices: Type.Optional(
        Type.Boolean({ description: 'A BEO prints prices (default false); BEOs only' }),
      ),
    },
    { additionalProperties: false },
  ),
  relationships: Type.Object(
    {
      booking: ToOne('bookings'),
      event: Type.Optional(ToOne('events', { nullable: true, description: 'A BEO’s event (BEOs only)' })),
    },
    { additionalProperties: false },
  ),
});

type Linkage = { data: { id: string } | null } | undefined;
interface CreateDocument {
  data: {
    attributes?: { kind?: string; show_prices?: boolean } | undefined;
    relationships?: { booking?: Linkage; event?: Linkage } | undefined;
  };
}

const documentInput = ({ data }: CreateDocument): DocumentInput => ({
  kind: data.attributes?.kind,
  show_prices: data.attributes?.show_prices,
  bookingId: relatedId(data.relationships?.booking) ?? undefined,
  eventId: relatedId(data.relationships?.event),
});

const ActionHeaders = Type.Object({
  'x-api-org': Type.Optional(Type.String()),
  'if-match': Type.Optional(
    Type.String({ description: 'The ETag from GET of the document; 412 when it changed since' }),
  ),
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Retrying with the same key returns the first response',
    }),
  ),
});

const ActionDocument = Type.Object({
  data: DocumentResource,
  links: Type.Object({ self: Type.String() }),
  meta: Type.Optional(
    Type.Object({
      share_url: Nullable(
        Type.String(),
        'The client’s link (30 days), in this response only: only its hash is kept. Null in a response replayed for an Idempotency-Key.',
      ),
      share_url_expires_at: Nullable(Type.String({ format: 'date-time' })),
    }),
  ),
});

interface Action<Input, Result> {
  name: 'send' | 'issue' | 'void';
  summary: string;
  description: string;
  /** What the action makes, or its refusal (answered as the API's error). */
  command: Command<Input, Result | Refusal>;
  /** The command's input: what the route renders before the unit of work goes with it. */
  input(
    app: App,
    current: DocumentValue,
    target: { id: string; ifMatch: string | undefined },
  ): Promise<Input>;
  document(result: Result): DocumentRow;
  /** What only the first response shows (a send's link), never stored with an Idempotency-Key. */
  once?(result: Result): Record<string, unknown>;
}

function registerAction<Input, Result>(app: App, action: Action<Input, Result>): void {
  const { baseUrl } = app.ctx.config;
  app.post(
    `/v2/documents/:id/${action.name}`,
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Documents'],
        summary: action.summary,
        description: `${action.description} Needs crm_manage. Honours If-Match and Idempotency-Key.`,
        security: MANAGE_SECURITY,
        headers: ActionHeaders,
        params: IdParams,
        response: { 200: ActionDocument, ...errorResponses(400, 401, 403, 404, 409, 412, 422, 429) },
      },
    },
    async (request, reply) => {
      const { ctx, apiAuth: auth } = request;
      const found = await findRow(ctx.db, documentDefinition, auth.organizationId, request.params.id);
      if (!found) throw new NotFoundError(`No documents resource has the id "${request.params.id}".`);
      const current = documentCodec.decode(found);
      const target = { id: current.id, ifMatch: request.headers['if-match'] };
      const input = await action.input(app, current, target);
      const key = request.headers['idempotency-key'];
      let live: Result | undefined;
      const outcome = await writeCreate(
        ctx.app.writer,
        auth,
        action.command,
        input,
        (result) => {
          live = result;
          const resource = documentDefinition.toResource(action.document(result), baseUrl);
          const meta = action.once ? { meta: { share_url: null, share_url_expires_at: null } } : {};
          return {
            status: 200,
            body: { data: resource, links: { self: resource.links?.self ?? '' }, ...meta },
          };
        },
        {
          key:
            key === undefined
              ? undefined
              : { scope: idempotencyScope(auth), key, body: { action: action.name, id: current.id } },
        },
      );
      const body = live && action.once ? { ...outcome.body, meta: action.once(live) } : outcome.body;
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      reply.code(200).type(JSONAPI_MEDIA_TYPE).header('ETag', resourceEtag(body.data));
      // Serialized by the route's response schema.
      return body as never;
    },
  );
}

export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  registerReadRoutes(app, documentDefinition);
  registerWriteRoutes(app, {
    definition: documentDefinition,
    createBody: CreateBody,
    updateBody: CreateBody,
    rules: {
      create:
        'A new version (1, 2, … per booking and kind) of the booking’s data as it is now, with the organization’s templates. A BEO names one of the booking’s events.',
      remove: 'Drafts only: a document sent, signed, issued or voided is kept (409 kept).',
    },
    create: {
      command: createDocument,
      input: documentInput,
      problems: documentProblems,
      around: (ctx, actor, input, write) => withRenderedTemplates(ctx.app, actor, input, write),
    },
    remove: deleteDocument,
  });

  registerAction<Parameters<typeof sendDocument.run>[1], Sent>(app, {
    name: 'send',
    summary: 'Send a proposal or an issued invoice to its client',
    description:
      'E-mails the booking’s contact a new 30-day link for the client (with a text and an HTML part, and a Reply-To that reaches the venue); the link is in meta.share_url of this response only. A proposal (a draft or sent) keeps its PDF as sent the first time and its link opens it to accept. An invoice is sent once issued (a draft: 409 not_issued), as often as asked: the e-mail carries the PDF as issued, attached, and the balance due, and its link opens the client’s page at the payments and the balance; its number and PDF never change, and sent_at says when it last went. A BEO is not sent (409 not_sendable), nor anything void. An organization that has already sent MAIL_PER_HOUR e-mails to clients in the last hour (the operator’s bound, 500 by default) is refused with 429 too_many_messages and a Retry-After, and nothing changes.',
    command: sendDocument,
    input: async (a, current, target) => ({
      ...target,
      pdf:
        current.kind === 'proposal' && current.status === 'draft'
          ? await documentPdf(a.ctx, current)
          : undefined,
      portal: `${config.baseUrl}/p/`,
      sending: config.smtpUrl !== undefined,
      mailPerHour: config.mailPerHour,
    }),
    document: (sent) => sent.document,
    once: (sent) => ({ share_url: sent.shareUrl, share_url_expires_at: sent.expiresAt }),
  });
  registerAction(app, {
    name: 'issue',
    summary: 'Issue an invoice or a BEO',
    description:
      'Keeps its PDF, as issued, for good: final, without the DRAFT mark. An invoice takes the organization’s next number (INV-00001, … no gaps, never reused); a BEO has none.',
    command: issueDocument,
    input: async (a, current, target) => ({ ...target, ...(await issuePdf(a.ctx, current)) }),
    document: (row) => row,
  });
  registerAction(app, {
    name: 'void',
    summary: 'Void a document',
    description:
      'Nothing more is done with it and its client links stop; an invoice keeps its number. A signed proposal or an issued invoice only by an organization admin.',
    command: voidDocument,
    input: async (_a, _current, target) => target,
    document: (row) => row,
  });
  await app.register(documentPdfRoutes);
};
