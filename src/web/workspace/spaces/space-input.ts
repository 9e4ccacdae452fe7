/**
 * A space's form read into the service's input (src/crm/spaces/space-rules.ts judges it): its
 * name and capacity, whether it is shareable, the spaces it is made of, and one capacity per
 * setup style (blank: none, so the general capacity counts), its area, and whether it is archived
 * (it takes no new events then). What cannot be read is its field's error; the rest is left to the
 * rules.
 */
import { SETUP_STYLES } from '../../../crm/events/index.js';
import type { Space, SpaceInput } from '../../../crm/spaces/index.js';
import { type Form, formList, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { styleLabel } from '../forms/setup-styles.js';

export interface SpaceValues {
  name: string;
  capacity: string;
  shareable: boolean;
  /** The ids of the spaces it is made of. */
  parts: string[];
  /** Guests by setup style, as typed ('' or absent: none). */
  capacities: Record<string, string>;
  /** Square metres, as typed. */
  area: string;
  archived: boolean;
}

/** The field of a setup style's capacity. */
export const styleField = (style: string) => `capacity_${style}`;

export const blankSpace = (): SpaceValues => ({
  name: '',
  capacity: '',
  shareable: false,
  parts: [],
  capacities: {},
  area: '',
  archived: false,
});

export function spaceValuesOf(space: Space): SpaceValues {
  return {
    name: space.name,
    capacity: space.capacity === null ? '' : String(space.capacity),
    shareable: space.shareable,
    parts: space.partIds,
    capacities: Object.fromEntries(Object.entries(space.capacities).map(([style, n]) => [style, String(n)])),
    area: space.area === null ? '' : String(space.area),
    archived: space.archivedAt !== null,
  };
}

/** The add form's fields (name and capacity), or the edit form's (all of them). */
export function spaceFormValues(form: Form, editing: boolean): SpaceValues {
  const values = { ...blankSpace(), name: formText(form, 'name'), capacity: formText(form, 'capacity') };
  if (!editing) return values;
  return {
    ...values,
    shareable: formText(form, 'shareable') !== '',
    parts: formList(form, 'parts').filter((id) => id !== ''),
    capacities: Object.fromEntries(SETUP_STYLES.map((style) => [style, formText(form, styleField(style))])),
    area: formText(form, 'area'),
    archived: formText(form, 'archived') !== '',
  };
}

/** When the space is archived after the form: as before if it was, `now` if it is archived now. */
export function archivedAt(values: SpaceValues, current: Space, now: number): string | null {
  if (!values.archived) return null;
  return current.archivedAt ?? new Date(now).toISOString();
}

/** The service's input, and the errors of the numbers that could not be read. */
export function spaceInput(
  values: SpaceValues,
  editing: boolean,
): { input: SpaceInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const capacity = values.capacity.trim();
  const input: SpaceInput = { name: values.name };
  if (capacity !== '' && !/^\d{1,7}$/.test(capacity)) {
    errors.capacity = 'A capacity is a whole number of guests, at least 1.';
  } else {
    input.capacity = capacity === '' ? null : Number(capacity);
  }
  if (!editing) return { input, errors };
  const capacities: Record<string, number> = {};
  for (const [style, typed] of Object.entries(values.capacities)) {
    const text = typed.trim();
    if (text === '') continue;
    if (/^\d{1,7}$/.test(text)) capacities[style] = Number(text);
    else errors[styleField(style)] = `${styleLabel(style)} is a whole number of guests, 0 or more.`;
  }
  const area = values.area.trim();
  if (area !== '' && !/^\d{1,7}$/.test(area))
    errors.area = 'An area is a whole number of square metres, 0 or more.';
  return {
    input: {
      ...input,
      shareable: values.shareable,
      capacities,
      partIds: values.parts,
      ...(errors.area ? {} : { area: area === '' ? null : Number(area) }),
    },
    errors,
  };
}
