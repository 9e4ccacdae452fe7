/**
 * The write side of a resource, for every resource alike (SPEC §5, §7): `POST /path` (201 with
 * Location, honouring Idempotency-Key), `PATCH /path/{id}` (200) and `DELETE /path/{id}` (204),
 * both honouring If-Match. The route parses and formats; the feature's service does the rest.
 * Every write needs crm_manage; `admins` narrows a resource's writes to organization admins.
 */
import { type Static, type TSchema, Type } from 'typebox';
import type { RequestContext } from '../app-context.js';
import type { Trx } from '../db/database.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import type { App } from '../http/app-instance.js';
import type { Actor } from '../identity/actor.js';
import { withIdempotency } from './idempotency.js';
import { errorResponses, singleDocument } from './jsonapi.js';
import type { OrganizationTable, ResourceDefinition, RowOf } from './resource-definition.js';
import { ChangeHeaders, CreateHeaders, IdParams, MANAGE_SECURITY } from './route-schemas.js';
import { resourceDocument, sendCreated, sendResource } from './write-replies.js';

/** The request document's parts every write route reads. */
interface WriteDocument {
  data: { id?: string | undefined };
}

export interface ResourceWrites<
  Table extends OrganizationTable,
  Create extends TSchema,
  Update extends TSchema,
> {
  definition: ResourceDefinition<Table>;
  /** Only organization admins may write (members get 403). */
  admins?: boolean;
  createBody: Create;
  updateBody: Update;
  /** Creates the row inside the transaction that also stores the idempotent response. */
  create(trx: Trx, ctx: RequestContext, actor: Actor, document: Static<Create>): Promise<RowOf<Table>>;
  update(
    ctx: RequestContext,
    actor: Actor,
    id: string,
    document: Static<Update>,
    ifMatch: string | undefined,
  ): Promise<RowOf<Table>>;
  remove(ctx: RequestContext, actor: Actor, id: string, ifMatch: string | undefined): Promise<void>;
  /** Rules to tell in the OpenAPI description of each write. */
  rules?: { create?: string; update?: string; remove?: string };
}

export function registerWriteRoutes<
  Table extends OrganizationTable,
  Create extends TSchema,
  Update extends TSchema,
>(app: App, writes: ResourceWrites<Table, Create, Update>): void {
  const { definition } = writes;
  const { schema, tag, singular } = definition;
  const aSingular = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`;
  const { baseUrl } = app.ctx.config;
  const document = (row: RowOf<Table>) => resourceDocument(definition.toResource(row, baseUrl));
  const who = writes.admins ? 'Organization admins only; needs crm_manage.' : 'Needs crm_manage.';
  const checkWriter = (actor: Actor) => {
    if (writes.admins && actor.role !== 'admin') {
      throw new ForbiddenError(`Only organization admins may change ${definition.noun}.`, 'admin_only');
    }
  };

  for (const path of [definition.path, ...(definition.alsoAt ?? [])]) {
    app.post(
      path,
      {
        config: { scope: 'crm_manage' },
        schema: {
          tags: [tag],
          summary: `Create ${aSingular}`,
          description: `${writes.rules?.create ?? ''} ${who} Honours Idempotency-Key.`.trim(),
          security: MANAGE_SECURITY,
          headers: CreateHeaders,
          body: writes.createBody,
          response: {
            201: singleDocument(schema),
            ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const { ctx, apiAuth: auth } = request;
        checkWriter(auth);
        const body = request.body as Static<Create> & WriteDocument;
        if (body.data.id !== undefined) {
          throw new ForbiddenError(
            'Ids are assigned by the server; leave out data.id.',
            'client_id_unsupported',
            {
              pointer: '/data/id',
            },
          );
        }
        const outcome = await withIdempotency(
          ctx,
          {
            scope: `${auth.token.integrationId}:${auth.userId}:${auth.organizationId}`,
            key: request.headers['idempotency-key'],
            body,
          },
          async (trx) => ({ status: 201, body: document(await writes.create(trx, ctx, auth, body)) }),
        );
        return sendCreated(reply, outcome);
      },
    );

    app.patch(
      `${path}/:id`,
      {
        config: { scope: 'crm_manage' },
        schema: {
          tags: [tag],
          summary: `Change ${aSingular}`,
          description: `${writes.rules?.update ?? ''} ${who} Honours If-Match.`.trim(),
          security: MANAGE_SECURITY,
          headers: ChangeHeaders,
          params: IdParams,
          body: writes.updateBody,
          response: {
            200: singleDocument(schema),
            ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        checkWriter(request.apiAuth);
        const body = request.body as Static<Update> & WriteDocument;
        if (body.data.id !== request.params.id) {
          throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', {
            pointer: '/data/id',
          });
        }
        const row = await writes.update(
          request.ctx,
          request.apiAuth,
          request.params.id,
          body,
          request.headers['if-match'],
        );
        return sendResource(reply, 200, document(row));
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { scope: 'crm_manage' },
        schema: {
          tags: [tag],
          summary: `Delete ${aSingular}`,
          description: `${writes.rules?.remove ?? ''} ${who} Honours If-Match.`.trim(),
          security: MANAGE_SECURITY,
          headers: ChangeHeaders,
          params: IdParams,
          response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409, 412, 429) },
        },
      },
      async (request, reply) => {
        checkWriter(request.apiAuth);
        await writes.remove(request.ctx, request.apiAuth, request.params.id, request.headers['if-match']);
        return reply.code(204).send(null);
      },
    );
  }
}
