/**
 * Accounts, the companies and people who book (SPEC §7): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands and the queries. The row type never leaves this folder.
 */
export { ACCOUNT_FIELDS } from './account.fields.js';
export { type Account, type AccountChanges, accountCodec } from './account.value.js';
export { ACCOUNT_ACTIONS } from './account.policy.js';
export {
  type AccountInput,
  accountProblems,
  createAccount,
  createAccountsInBulk,
  deleteAccount,
  updateAccount,
} from './account.commands.js';
export { accountChoices, accountNames, accountsPage, findAccount } from './account.reads.js';
export { insertAccounts } from './account.repository.js';
export { accountDefinition } from './account.resource.js';
export { AccountWriteAttributes } from './account.bodies.js';
