/**
 * An automation as the domain knows it, and its codec: the row of `automations` read into the
 * value (its structures parsed once, here) and a change of the value written back as columns.
 * The row type never leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { AUTOMATION_FIELDS } from './automation.fields.js';
import type { Condition, ExitRule, Step, Trigger } from './automation-shapes.js';

/** The columns of `automations`. */
export type AutomationTable = { id: string; organization_id: string } & StoredColumns<
  typeof AUTOMATION_FIELDS
>;

type Structures = 'trigger' | 'conditions' | 'steps' | 'exitOn';

/** An automation, as every door and the engine see it. */
export type Automation = { id: string; organizationId: string } & Omit<
  StoredValues<typeof AUTOMATION_FIELDS>,
  Structures
> & { trigger: Trigger; conditions: Condition[]; steps: Step[]; exitOn: ExitRule[] };

/** What a change of an automation sets. */
export type AutomationChanges = Partial<
  Omit<Automation, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>
>;

export const automationCodec = {
  decode(row: AutomationTable): Automation {
    const stored = decodeStored(AUTOMATION_FIELDS, row);
    // The rules write only shapes they read (automation-shapes.ts).
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...stored,
      trigger: stored.trigger as Trigger,
      conditions: stored.conditions as Condition[],
      steps: stored.steps as Step[],
      exitOn: stored.exitOn as ExitRule[],
    };
  },
  encode(changes: AutomationChanges): Partial<AutomationTable> {
    return encodeStored(AUTOMATION_FIELDS, changes);
  },
};

/** A trigger, exits or steps alone, for a read that selects only that column of `automations`. */
export const decodeTrigger = (row: Pick<AutomationTable, 'trigger'>) => JSON.parse(row.trigger) as Trigger;
export const decodeExitRules = (row: Pick<AutomationTable, 'exit_on'>) =>
  JSON.parse(row.exit_on) as ExitRule[];
export const decodeSteps = (row: Pick<AutomationTable, 'steps'>) => JSON.parse(row.steps) as Step[];
