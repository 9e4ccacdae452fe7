/** The organization's accounts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { AccountCreateBody, AccountUpdateBody } from './account.bodies.js';
import { accountDefinition } from './account.resource.js';
import { createAccount, deleteAccount, updateAccount } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, accountDefinition);
  registerWriteRoutes(app, {
    definition: accountDefinition,
    createBody: AccountCreateBody,
    updateBody: AccountUpdateBody,
    rules: {
      create: 'A name is required; the owner defaults to the token’s user.',
      remove: 'Refused (409 has_dependents) while the account has bookings; its notes go with it.',
    },
    create: (trx, ctx, actor, { data }) =>
      createAccount(
        trx,
        actor,
        { ...data.attributes, ownerId: relatedId(data.relationships?.owner) },
        ctx.now(),
      ),
    update: (ctx, actor, id, { data }, ifMatch) =>
      updateAccount(
        ctx,
        actor,
        id,
        { ...data.attributes, ownerId: relatedId(data.relationships?.owner) },
        ifMatch,
      ),
    remove: deleteAccount,
  });
};
