/**
 * A list's filters and sort on a venue's own fields (SPEC §19): `filter[custom_fields.<key>][OP]`
 * with the operators of the field's type, and `sort=custom_fields.<key>`. An undefined key, or an
 * operator the type lacks, is a 400 naming the parameter, as every unknown filter is.
 */
import { BadRequestError } from '../errors.js';
import type { CustomValue, Filter, FilterOperator } from '../crm/data/list-shape.js';
import { excerpt } from '../text-excerpt.js';

const BASE: readonly FilterOperator[] = ['eq', 'not_eq', 'in', 'not_in', 'null', 'not_null'];
const RANGE: readonly FilterOperator[] = [...BASE, 'lt', 'lteq', 'gt', 'gteq'];
const TEXT: readonly FilterOperator[] = [...BASE, 'contains'];

/** The operators a custom field of the type takes. */
export function customOperators(type: string): readonly FilterOperator[] {
  if (type === 'number' || type === 'money' || type === 'date') return RANGE;
  if (['text', 'long_text', 'email', 'url', 'phone'].includes(type)) return TEXT;
  return BASE;
}

/** A query parameter naming a custom field's filter: its key and operator. */
export const CUSTOM_FILTER = /^filter\[custom_fields\.([a-z][a-z0-9_]{0,39})\]\[([a-z_]+)\]$/;
export const CUSTOM_FILTER_PATTERN = '^filter\\[custom_fields\\.[a-z][a-z0-9_]{0,39}\\]\\[[a-z_]+\\]$';

const VALUE_RULES: Record<string, { pattern: RegExp; words: string }> = {
  number: { pattern: /^-?[0-9]{1,15}(\.[0-9]{1,6})?$/, words: 'a decimal number, such as 1250 or -3.5' },
  money: { pattern: /^-?[0-9]{1,15}$/, words: 'a whole number of minor units' },
  date: { pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, words: 'a date, YYYY-MM-DD' },
  boolean: { pattern: /^(true|false)$/, words: 'true or false' },
};

function checkedValue(parameter: string, type: string, raw: string): string {
  const rule = VALUE_RULES[type];
  if (rule && !rule.pattern.test(raw)) {
    throw new BadRequestError(`"${excerpt(raw)}" is not ${rule.words}.`, { parameter }, 'invalid_filter');
  }
  return raw;
}

/** `%`, `_` and `\` stand for themselves in a `contains` (LIKE … ESCAPE '\'). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function fieldOf(parameter: string, key: string, fields: readonly CustomValue[]): CustomValue {
  const field = fields.find((f) => f.key === key);
  if (!field)
    throw new BadRequestError(`No custom field has the key "${key}".`, { parameter }, 'invalid_filter');
  return field;
}

/** The filter a `filter[custom_fields.<key>][OP]` parameter asks for. */
export function customFilter(
  parameter: string,
  key: string,
  operatorName: string,
  raw: string,
  fields: readonly CustomValue[],
): Filter {
  const custom = fieldOf(parameter, key, fields);
  const operator = customOperators(custom.type).find((o) => o === operatorName);
  if (!operator) {
    throw new BadRequestError(
      `A ${custom.type} field takes ${customOperators(custom.type).join(', ')}.`,
      { parameter },
      'invalid_filter',
    );
  }
  const column = `custom_fields.${key}`;
  if (operator === 'null' || operator === 'not_null') {
    if (raw !== 'true' && raw !== 'false') {
      throw new BadRequestError(`${parameter} takes true or false.`, { parameter }, 'invalid_filter');
    }
    return { column, operator, value: raw === 'true', custom };
  }
  if (operator === 'contains') return { column, operator, value: literal(raw), custom };
  if (operator === 'in' || operator === 'not_in') {
    const values = raw.split(',').map((v) => checkedValue(parameter, custom.type, v.trim()));
    if (values.length > 100) {
      throw new BadRequestError(
        `${parameter} takes 1 to 100 comma-separated values.`,
        { parameter },
        'invalid_filter',
      );
    }
    return { column, operator, value: values, custom };
  }
  return { column, operator, value: checkedValue(parameter, custom.type, raw), custom };
}

/** The field a `sort=custom_fields.<key>` orders by (a multi_select has no order). */
export function customSort(name: string, fields: readonly CustomValue[]): CustomValue | undefined {
  const key = /^custom_fields\.([a-z][a-z0-9_]{0,39})$/.exec(name)?.[1];
  if (key === undefined) return undefined;
  const field = fields.find((f) => f.key === key && f.type !== 'multi_select');
  if (!field) {
    throw new BadRequestError(
      `Cannot sort by "${name}": no custom field of a type that sorts has the key "${key}".`,
      { parameter: 'sort' },
      'invalid_sort',
    );
  }
  return field;
}
