/**
 * Only the fields that differ: what an update writes of the values it was given, so a write that
 * repeats what is saved changes nothing (not even updated_at, so no version moves without its
 * change event). A column the database hands back as text (a number PostgreSQL reads as a
 * string) equals the value it spells; an empty value equals only an empty value.
 */
export function sameValue(saved: unknown, given: unknown): boolean {
  if (saved === given) return true;
  if (saved === null || saved === undefined || given === null || given === undefined) return false;
  return String(saved) === String(given);
}

/** Of `values`, those that differ from what `current` holds. */
export function changedFields<Row extends object>(current: Row, values: Partial<Row>): Partial<Row> {
  return Object.fromEntries(
    Object.entries(values).filter(([field, value]) => !sameValue(current[field as keyof Row], value)),
  ) as Partial<Row>;
}
