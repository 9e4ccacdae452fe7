/** Automations as the API shows them (SPEC §18): `/v2/automations`, rendered from their fields. */
import { attributesOf, attributesSchema } from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { AUTOMATION_FIELDS } from './automation.fields.js';
import { type Automation, automationCodec } from './automation.value.js';
import { SHIPPED_KEYS } from './shipped-automations.js';

export const AutomationResource = resourceSchema('automations', attributesSchema(AUTOMATION_FIELDS));

/** An automation as the API shows it. */
export function automationResource(automation: Automation, baseUrl: string): Resource {
  return {
    type: 'automations',
    id: automation.id,
    attributes: attributesOf(AUTOMATION_FIELDS, automation),
    links: { self: `${baseUrl}/v2/automations/${automation.id}` },
  };
}

export const automationDefinition: ResourceDefinition<'automations'> = {
  type: 'automations',
  path: '/v2/automations',
  schema: AutomationResource,
  tag: 'Automations',
  noun: 'automations',
  singular: 'automation',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    enabled: { column: 'enabled', kind: 'boolean' },
    key: { column: 'key', kind: 'enum', values: SHIPPED_KEYS },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => automationResource(automationCodec.decode(row), baseUrl),
};
