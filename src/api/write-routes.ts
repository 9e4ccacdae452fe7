/**
 * The write side of a resource, for every resource alike (SPEC §5, §7): `POST /path` (201 with
 * Location, honouring Idempotency-Key), `PATCH /path/{id}` (200) and `DELETE /path/{id}` (204),
 * both honouring If-Match. The route parses and formats; the feature's command does the rest, as
 * one unit of work (src/writes/unit-of-work.ts). Every write needs crm_manage; `admins` narrows a
 * resource's writes to organization admins. A document that fails its schema is answered with
 * one error object per bad field, the feature's rules over the fields that could be read included
 * (input-problems.ts).
 */
import { type Static, type TSchema, Type } from 'typebox';
import type { RequestContext } from '../app-context.js';
import type { Db } from '../db/database.js';
import { ConflictError, type FieldProblem, ForbiddenError } from '../errors.js';
import type { App } from '../http/app-instance.js';
import type { Actor } from '../policy/actor.js';
import { grantsAllow } from '../policy/grants.js';
import { ROLES } from '../policy/roles.js';
import { policyRefusal } from '../writes/permit.js';
import { type Change, type Command, type Removal, write, writeCreate } from '../writes/unit-of-work.js';
import { idempotencyScope } from './api-auth.js';
import { refuseUnreadable } from './input-problems.js';
import { errorResponses, singleDocument } from './jsonapi.js';
import type { OrganizationTable, ReadContext, ResourceDefinition, RowOf } from './resource-definition.js';
import type { Resource } from './jsonapi.js';
import type { Refusal } from '../writes/refusal.js';
import { findRow } from '../crm/data/record-lookup.js';
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
  CreateInput,
  UpdateInput,
  Value = RowOf<Table>,
> {
  definition: ResourceDefinition<Table>;
  /**
   * A kind with a face (src/crm/<kind>/index.ts): its row read into its value, and its value as
   * the resource. Its commands make values; without a face they make rows.
   */
  face?: {
    decode(row: RowOf<Table>): Value;
    render(value: Value, baseUrl: string, context?: ReadContext): Resource;
  };
  createBody: Create;
  updateBody: Update;
  create: {
    command: Command<CreateInput, Value | Refusal>;
    /** The command's input from a request document. */
    input(document: Static<Create>): CreateInput;
    /** Every problem of an input, writing nothing. */
    problems(db: Db, actor: Actor, input: CreateInput): Promise<readonly FieldProblem[]>;
    /** Creates without an Idempotency-Key share commits (src/db/group-commit.ts). */
    groupCommit?: boolean;
    /**
     * What the unit of work goes through, given the write to make with its input: work done
     * before it, off the lock, into the command's input (a document's templates rendered on a
     * thread: src/writes/prepared.ts).
     */
    around?<Outcome>(
      ctx: RequestContext,
      actor: Actor,
      input: CreateInput,
      write: (input: CreateInput) => Promise<Outcome>,
    ): Promise<Outcome>;
  };
  /** Absent for records that are never changed, only made and deleted (payments). */
  update?: {
    command: Command<Change<UpdateInput>, Value | Refusal>;
    input(document: Static<Update>): UpdateInput;
    problems(db: Db, actor: Actor, input: UpdateInput, current: Value): Promise<readonly FieldProblem[]>;
    /** As create's: work done before the unit of work, off the lock, into the change's input. */
    around?<Outcome>(
      ctx: RequestContext,
      actor: Actor,
      change: Change<UpdateInput>,
      write: (change: Change<UpdateInput>) => Promise<Outcome>,
    ): Promise<Outcome>;
  };
  remove: Command<Removal, void | undefined | Refusal>;
  /** Rules to tell in the OpenAPI description of each write. */
  rules?: { create?: string; update?: string; remove?: string };
}

export function registerWriteRoutes<
  Table extends OrganizationTable,
  Create extends TSchema,
  Update extends TSchema,
  CreateInput,
  UpdateInput,
  Value = RowOf<Table>,
>(app: App, writes: ResourceWrites<Table, Create, Update, CreateInput, UpdateInput, Value>): void {
  const { definition, create, update, face } = writes;
  const { schema, tag, singular } = definition;
  const aSingular = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`;
  const { baseUrl } = app.ctx.config;
  const document = (made: Value, context: ReadContext | undefined) =>
    resourceDocument(
      face
        ? face.render(made, baseUrl, context)
        : definition.toResource(made as unknown as RowOf<Table>, baseUrl, context),
    );
  const decode = (row: RowOf<Table>): Value => (face ? face.decode(row) : (row as unknown as Value));
  const derived = definition.derived?.attributes;
  // Who may write is the policy's (src/policy): the routes ask it before reading a body, to
  // spare the work, and say it in the OpenAPI description.
  const who = (command: Command<never, unknown>) =>
    grantsAllow(ROLES.member.grants, command.action.name, undefined)
      ? 'Needs crm_manage.'
      : 'Organization admins only; needs crm_manage.';
  const checkWriter = (actor: Actor, command: Command<never, unknown>) => {
    const refused = policyRefusal(actor, command.action, undefined, undefined);
    if (refused) throw refused.asError();
  };
  const writer = (ctx: RequestContext) => ctx.app.writer;

  for (const path of [definition.path, ...(definition.alsoAt ?? [])]) {
    app.post(
      path,
      {
        config: { scope: 'crm_manage', textRules: true },
        attachValidation: true,
        schema: {
          tags: [tag],
          summary: `Create ${aSingular}`,
          description: `${writes.rules?.create ?? ''} ${who(create.command)} Honours Idempotency-Key.`.trim(),
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
        await refuseUnreadable(request, (readable) =>
          create.problems(ctx.db, auth, create.input(readable as Static<Create>)),
        );
        checkWriter(auth, create.command);
        const body = request.body as Static<Create> & WriteDocument;
        if (body.data.id !== undefined) {
          throw new ForbiddenError(
            'Ids are assigned by the server; leave out data.id.',
            'client_id_unsupported',
            { pointer: '/data/id' },
          );
        }
        const key = request.headers['idempotency-key'];
        // Read before the write, as the write's transaction is not the reads' (a space renamed in
        // between shows its old name in this response only).
        const context = await ctx.readContext(definition, auth.organizationId);
        const write = (input: CreateInput) =>
          writeCreate(
            writer(ctx),
            auth,
            create.command,
            input,
            (row) => ({ status: 201, body: document(row, context) }),
            {
              groupCommit: create.groupCommit,
              key: key === undefined ? undefined : { scope: idempotencyScope(auth), key, body },
            },
          );
        const input = create.input(body);
        const outcome = await (create.around ? create.around(ctx, auth, input, write) : write(input));
        return sendCreated(reply, outcome, derived);
      },
    );

    if (update)
      app.patch(
        `${path}/:id`,
        {
          config: { scope: 'crm_manage', textRules: true },
          attachValidation: true,
          schema: {
            tags: [tag],
            summary: `Change ${aSingular}`,
            description: `${writes.rules?.update ?? ''} ${who(update.command)} Honours If-Match.`.trim(),
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
          const { ctx, apiAuth: auth } = request;
          await refuseUnreadable(request, async (readable) => {
            const current = await findRow(ctx.db, definition, auth.organizationId, request.params.id);
            return current
              ? update.problems(ctx.db, auth, update.input(readable as Static<Update>), decode(current))
              : [];
          });
          checkWriter(auth, update.command);
          const body = request.body as Static<Update> & WriteDocument;
          if (body.data.id !== request.params.id) {
            throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', {
              pointer: '/data/id',
            });
          }
          const change = {
            id: request.params.id,
            ifMatch: request.headers['if-match'],
            input: update.input(body),
          };
          const run = (prepared: Change<UpdateInput>) => write(writer(ctx), auth, update.command, prepared);
          const row = await (update.around ? update.around(ctx, auth, change, run) : run(change));
          const context = await ctx.readContext(definition, auth.organizationId);
          return sendResource(reply, 200, document(row, context), derived);
        },
      );

    app.delete(
      `${path}/:id`,
      {
        config: { scope: 'crm_manage' },
        schema: {
          tags: [tag],
          summary: `Delete ${aSingular}`,
          description: `${writes.rules?.remove ?? ''} ${who(writes.remove)} Honours If-Match.`.trim(),
          security: MANAGE_SECURITY,
          headers: ChangeHeaders,
          params: IdParams,
          response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409, 412, 429) },
        },
      },
      async (request, reply) => {
        checkWriter(request.apiAuth, writes.remove);
        const removal = { id: request.params.id, ifMatch: request.headers['if-match'] };
        await write(writer(request.ctx), request.apiAuth, writes.remove, removal);
        return reply.code(204).send(null);
      },
    );
  }
}
