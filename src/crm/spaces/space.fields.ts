/**
 * A space's fields (SPEC §7, §11, §15), each declared once for every door (src/crm/data/fields.ts):
 * the API's attributes and relationship, the forms, the CSV export, the documents' merge fields,
 * the assistant.
 */
import { defineFields, field } from '../data/fields.js';

export const SPACE_FIELDS = defineFields({
  name: field('text', 'Name', {
    writable: true,
    form: true,
    description: 'Unique in the organization',
    limits: { minLength: 1, maxLength: 100 },
  }),
  capacity: field('integer', 'Capacity', {
    nullable: true,
    writable: true,
    form: true,
    description: 'Guests it takes; null when not set',
    limits: { minimum: 1, maximum: 1_000_000 },
  }),
  shareable: field('boolean', 'Shareable', {
    writable: true,
    description: 'Definite events may hold it at the same time (a lawn)',
  }),
  capacities: field('counts', 'Capacity by setup style', {
    writable: true,
    description: 'Guests it takes by setup style, where set (else capacity), e.g. {"banquet": 180}',
    limits: { maxLength: 40, minimum: 0, maximum: 1_000_000 },
  }),
  part_ids: field('id_list', 'Made of', {
    writable: true,
    relationship: { name: 'parts', type: 'spaces' },
    description: 'The spaces it is made of (a combined space); parts have no parts of their own',
    merge: false,
  }),
  area: field('integer', 'Area (square metres)', {
    nullable: true,
    writable: true,
    description: 'Its floor area in whole square metres; null when not set',
    limits: { minimum: 0, maximum: 1_000_000 },
  }),
  archived_at: field('instant', 'Archived', {
    nullable: true,
    writable: true,
    description:
      'When it was archived (RFC 3339): it takes no new events and is left out of availability; null brings it back',
  }),
  created_at: field('instant', 'Created'),
  updated_at: field('instant', 'Updated'),
});
