/**
 * Lists filtered against the clock (overdue tasks, SPEC §18): such a page changes as time passes,
 * not only when its organization's data does, so it is read afresh each time.
 */
import type { OrganizationTable, ResourceDefinition } from './resource-definition.js';

/** Whether a list's query names a filter read against the clock (FilterField.onClock). */
export function readsClock<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
  query: Readonly<Record<string, string | undefined>>,
): boolean {
  return Object.keys(query).some((parameter) => {
    const name = /^filter\[([a-z_]+)\]/.exec(parameter)?.[1];
    return (
      name !== undefined && Object.hasOwn(definition.filters, name) && !!definition.filters[name]!.onClock
    );
  });
}
