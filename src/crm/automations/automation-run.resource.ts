/**
 * An automation's runs as the API shows them (SPEC §18): `/v2/automation_runs`, read only, with
 * relationships `automation` and `booking`, the state, when the next step is due, the step
 * reached, a log line per step and, while it awaits approval, the mail it drafted.
 */
import { Type } from 'typebox';
import { Nullable, type Resource, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { RUN_STATES, type AutomationRunTable } from './automation.table.js';
import { stepIndexOf, storedDraftOf, storedLogOf } from './automation-run.codec.js';

const LogLine = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    step_index: Type.Integer(),
    type: Type.String(),
    result: Type.String(),
    message_id: Type.Optional(Type.String()),
    task_id: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const AutomationRunResource = resourceSchema(
  'automation_runs',
  Type.Object({
    state: StringEnum(
      RUN_STATES,
      'waiting, awaiting_approval (a drafted mail waits for a member), done, exited or failed',
    ),
    step_index: Type.Integer({ description: 'The step reached (from 0)' }),
    next_at: Nullable(Type.String({ format: 'date-time' }), 'When the next step is due'),
    log: Type.Array(LogLine, {
      description: 'A line per step: when, what it did, the message or task it made',
    }),
    draft: Nullable(
      Type.Object(
        { to: Type.Array(Type.String()), subject: Type.String(), text: Type.String() },
        { additionalProperties: true },
      ),
      'The mail awaiting approval',
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { automation: 'automations', booking: 'bookings' },
);

export function automationRunResource(row: AutomationRunTable, baseUrl: string): Resource {
  return {
    type: 'automation_runs',
    id: row.id,
    attributes: {
      state: row.state,
      step_index: stepIndexOf(row),
      next_at: row.next_at,
      log: storedLogOf(row),
      draft: storedDraftOf(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      automation: { data: { type: 'automations', id: row.automation_id } },
      booking: { data: { type: 'bookings', id: row.booking_id } },
    },
    links: { self: `${baseUrl}/v2/automation_runs/${row.id}` },
  };
}

export const automationRunDefinition: ResourceDefinition<'automation_runs'> = {
  type: 'automation_runs',
  path: '/v2/automation_runs',
  schema: AutomationRunResource,
  tag: 'Automations',
  noun: 'automation runs',
  singular: 'automation_run',
  sortable: ['created_at', 'updated_at'],
  defaultSort: '-created_at',
  filters: {
    automation_id: { column: 'automation_id', kind: 'id', operators: ['eq', 'in'] },
    booking_id: { column: 'booking_id', kind: 'id', operators: ['eq', 'in'] },
    state: { column: 'state', kind: 'enum', values: RUN_STATES },
    created_at: { column: 'created_at', kind: 'timestamp' },
  },
  includes: {
    automation: (row) => relation('automations', row.automation_id),
    booking: (row) => relation('bookings', row.booking_id),
  },
  toResource: (row, baseUrl) => automationRunResource(row, baseUrl),
};
