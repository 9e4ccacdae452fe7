/**
 * An organization's tax rates (SPEC §12), written by its admins: a name of one line, unique in the
 * organization whatever its case; a percentage from 0 to 100 with at most four decimals (stored
 * written plainly: "08.50" is "8.5"); whether prices contain it; whether it is offered. A line
 * copies its rates when it is made, so changing or deleting a rate never changes a line.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { type Checked, Problems } from '../validation.js';
import { notAPercentage, readPercentage } from '../decimal.js';
import { taxRateDefinition } from './tax-rate.resource.js';
import type { TaxRate } from './tax-rate.table.js';
import { TAX_RATE_ACTIONS } from './pricing.policy.js';

export interface TaxRateInput {
  name?: string | undefined;
  percentage?: string | undefined;
  inclusive?: boolean | undefined;
  active?: boolean | undefined;
}

type TaxRateChanges = Partial<Pick<TaxRate, 'name' | 'percentage' | 'inclusive' | 'active'>>;

const NAME_MAX = 100;

export function checkTaxRate(
  input: TaxRateInput,
  current: TaxRate | undefined,
  facts: { nameTaken: boolean },
): Checked<TaxRateChanges> {
  const problems = new Problems();
  const changes: TaxRateChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'A tax rate needs a name, such as VAT.', 'blank');
    else if (name.length > NAME_MAX)
      problems.attribute('name', `A tax rate's name is at most ${NAME_MAX} characters long.`, 'too_long');
    else if (facts.nameTaken) problems.attribute('name', `There is a tax rate "${name}" already.`, 'taken');
    problems.text('name', name, 'name');
    changes.name = name;
  }
  if (input.percentage !== undefined || !current) {
    const percentage = readPercentage(input.percentage ?? '');
    if (percentage === undefined) {
      // Left out or left empty (a cleared form field), the percentage is missing, not malformed.
      const blank = (input.percentage ?? '').trim() === '';
      problems.attribute(
        'percentage',
        blank ? 'A tax rate needs a percentage, such as 8.875.' : notAPercentage(input.percentage ?? ''),
        blank ? 'blank' : undefined,
      );
    }
    changes.percentage = percentage ?? '';
  }
  if (input.inclusive !== undefined || !current) changes.inclusive = input.inclusive ? 1 : 0;
  if (input.active !== undefined || !current) changes.active = input.active === false ? 0 : 1;
  return { value: changes, problems: problems.list };
}

async function nameTaken(db: Db | Trx, organizationId: string, name: string, except?: string) {
  const key = name.trim().toLowerCase();
  if (key === '' || key.includes('\u0000')) return false;
  let query = db
    .selectFrom('tax_rates')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', key));
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

async function judged(
  db: Db | Trx,
  actor: Pick<Actor, 'organizationId'>,
  input: TaxRateInput,
  current?: TaxRate,
) {
  const name = input.name ?? current?.name ?? '';
  return checkTaxRate(input, current, {
    nameTaken: await nameTaken(db, actor.organizationId, name, current?.id),
  });
}

/** Every problem of a tax rate input, writing nothing (the API's 422). */
export async function taxRateProblems(
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: TaxRateInput,
  current?: TaxRate,
) {
  return (await judged(db, actor, input, current)).problems;
}

export const createTaxRate = createCommand<'tax_rates', TaxRateInput>({
  action: TAX_RATE_ACTIONS.create,
  definition: taxRateDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({
    name: given.name ?? '',
    percentage: given.percentage ?? '0',
    inclusive: given.inclusive ?? 0,
    active: given.active ?? 1,
  }),
});

export const updateTaxRate = updateCommand<'tax_rates', TaxRateInput>({
  action: TAX_RATE_ACTIONS.update,
  definition: taxRateDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteTaxRate = deleteCommand({
  action: TAX_RATE_ACTIONS.delete,
  definition: taxRateDefinition,
});
