/**
 * Creating an integration as the operator does (`marquee integrations create`, SPEC §3): the
 * organization is named, so it is looked for first, then the integration is made through the
 * unit of work with the operator's grants. The client secret is returned once and only its hash
 * is kept.
 */
import { systemClock } from '../clock.js';
import type { Db } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import { operatorActor } from '../policy/actor.js';
import { findOrganization } from '../identity/organization.repository.js';
import { write } from '../writes/unit-of-work.js';
import { createIntegrationCommand } from './integration.commands.js';
import type { CreatedIntegration, NewIntegrationInput } from './integration-rules.js';

export type { CreatedIntegration, NewIntegrationInput } from './integration-rules.js';

export async function createIntegration(
  db: Db,
  input: NewIntegrationInput & { noSecret?: false },
): Promise<CreatedIntegration<string>>;
export async function createIntegration(db: Db, input: NewIntegrationInput): Promise<CreatedIntegration>;
export async function createIntegration(db: Db, input: NewIntegrationInput): Promise<CreatedIntegration> {
  if (!(await findOrganization(db, input.organizationId))) {
    throw new NotFoundError(`No organization has the id "${input.organizationId}".`, { pointer: '/org' });
  }
  const { organizationId, ...rest } = input;
  return write({ db, clock: systemClock }, operatorActor(organizationId), createIntegrationCommand, rest);
}
