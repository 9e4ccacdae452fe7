/** The organization's accounts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { AccountCreateBody, AccountUpdateBody } from './account.bodies.js';
import {
  type AccountInput,
  accountProblems,
  createAccount,
  deleteAccount,
  updateAccount,
} from './account.commands.js';
import { accountDefinition } from './account.resource.js';

type AccountDocument = Pick<Static<typeof AccountUpdateBody>['data'], 'attributes' | 'relationships'>;

function accountInput({ data }: { data: AccountDocument }): AccountInput {
  return { ...data.attributes, ownerId: relatedId(data.relationships?.owner) };
}

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
    create: { command: createAccount, input: accountInput, problems: accountProblems },
    update: { command: updateAccount, input: accountInput, problems: accountProblems },
    remove: deleteAccount,
  });
};
