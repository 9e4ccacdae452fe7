/** A new booking's setup style on its form, each space's capacity for it (SPEC §11), the time zones. */
import { countText } from '../../../locale.js';
import { TIME_ZONES } from '../../../crm/time-zones.js';
import type { Space } from '../../../crm/spaces/index.js';
import type { SafeHtml } from '../../html.js';
import { type FieldErrors, selectField } from '../forms/form-fields.js';
import { capacityOf, SETUP_STYLE_CHOICES, styleLabel } from '../forms/setup-styles.js';

/** A space as the form offers it: its capacity for the setup style chosen, else its capacity. */
export function spaceLabel(space: Space, style: string): string {
  const forStyle = capacityOf(space, style);
  if (style && forStyle !== null)
    return `${space.name} (up to ${countText(forStyle)} for ${styleLabel(style).toLowerCase()})`;
  return space.capacity ? `${space.name} (up to ${countText(space.capacity)})` : space.name;
}

/** A new booking's setup style, and what the chosen spaces take set that way. */
export function setupStyleField(view: {
  values: { setup_style?: string; spaces: readonly string[] };
  errors: FieldErrors;
  spaces: readonly Space[];
}): SafeHtml {
  const { values, errors } = view;
  const style = values.setup_style ?? '';
  const chosen = view.spaces.filter((s) => values.spaces.includes(s.id));
  const takes = chosen.flatMap((s) => {
    const n = capacityOf(s, style);
    return n === null ? [] : [`${s.name} takes ${n}`];
  });
  const hint = style
    ? takes.length > 0
      ? `Set for ${styleLabel(style).toLowerCase()}: ${takes.join('; ')}.`
      : `Set for ${styleLabel(style).toLowerCase()}.`
    : 'Capacities are read for it.';
  return selectField({
    name: 'setup_style',
    label: 'Setup style',
    value: style,
    errors,
    empty: 'Not set',
    choices: SETUP_STYLE_CHOICES,
    hint,
  });
}

/** The zones to choose from; a booking made in a zone by another name keeps it among them. */
export function zoneChoices(current: string) {
  const zones = current === '' || TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}
