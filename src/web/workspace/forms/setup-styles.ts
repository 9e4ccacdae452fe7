/** How the setup styles of SPEC §11 read on the pages: "U-shape", "Hollow-square", "Banquet". */
import { SETUP_STYLES } from '../../../crm/events/index.js';
import type { Space } from '../../../crm/spaces/index.js';
import type { Choice } from './form-fields.js';

export const styleLabel = (style: string) => style.charAt(0).toUpperCase() + style.slice(1).replace('_', '-');

export const SETUP_STYLE_CHOICES: readonly Choice[] = SETUP_STYLES.map((s) => ({
  value: s,
  label: styleLabel(s),
}));

/** The guests a space takes set in a style (blank: any), else its capacity; null: no limit set. */
export function capacityOf(space: Pick<Space, 'capacity' | 'capacities'>, style: string): number | null {
  return (style ? space.capacities[style] : undefined) ?? space.capacity ?? null;
}
