/**
 * The order form of Settings → Custom fields, read: each field's position number (a whole number
 * from 1), and the ids in the order they make, ties kept in the order the fields had; a field
 * the form did not show (added since it was drawn) goes after. A number the form cannot read is an
 * error beside it.
 */
import { type Form, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';

export function positionsPosted(
  body: Form,
  fields: readonly { id: string }[],
): { order: string[]; positions: Record<string, string>; errors: FieldErrors } {
  const positions: Record<string, string> = {};
  const errors: FieldErrors = {};
  const places = fields.map((field, index) => {
    const name = `position/${field.id}`;
    if (!(name in body)) return { id: field.id, place: Number.MAX_SAFE_INTEGER, index };
    const typed = formText(body, name).trim();
    positions[field.id] = typed;
    const place = /^\d{1,6}$/.test(typed) ? Number(typed) : NaN;
    if (!(place >= 1)) errors[name] = 'A whole number from 1.';
    return { id: field.id, place: Number.isNaN(place) ? index + 1 : place, index };
  });
  places.sort((a, b) => a.place - b.place || a.index - b.index);
  return { order: places.map((p) => p.id), positions, errors };
}
