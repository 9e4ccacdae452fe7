/** Names already put in camelCase: a few dozen, asked for on every row an import or a page reads. */
const CAMEL_NAMES = new Map<string, string>();

/** A field's name in the domain's values (camelCase, as every name in the code). */
export function camelName(name: string): string {
  const known = CAMEL_NAMES.get(name);
  if (known !== undefined) return known;
  const camel = name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  if (CAMEL_NAMES.size < 10_000) CAMEL_NAMES.set(name, camel);
  return camel;
}
