/**
 * The query parameters of a list (SPEC §5): `page[size]` (1–100, default 25), `page[after]` /
 * `page[before]` (opaque cursors), `sort` (one field, `-` for descending), `filter[FIELD][OP]`
 * and `include`. Anything unknown is a 400 naming the parameter, never silently ignored.
 */
import { type TObject, type TSchema, Type } from 'typebox';
import { BadRequestError } from '../errors.js';
import { listFingerprint } from '../crm/data/cursor.js';
import { type Filter, FILTER_OPERATORS, type RowsQuery } from '../crm/data/list-shape.js';
import { filterDescription, parseFilterValue } from './filter-values.js';
import { CUSTOM_FILTER, CUSTOM_FILTER_PATTERN, customFilter, customSort } from './custom-field-query.js';
import type { CustomValue } from '../crm/data/list-shape.js';
import { fieldsQueryProperties } from './sparse-fields.js';
import type { ColumnOf, OrganizationTable, ResourceDefinition } from './resource-definition.js';

export { FILTER_OPERATORS, type Filter, type FilterOperator } from '../crm/data/list-shape.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** The longest `filter[search]` term: a name, a reference or an e-mail address. */
export const MAX_SEARCH_LENGTH = 200;

/** A list's query as the API reads it: its rows' query and the related resources to include. */
export interface ListQuery<Column extends string = string> extends RowsQuery<Column> {
  include: string[];
}

/** The querystring schema, generated from the definition: it documents and validates every parameter. */
export function listQuerySchema<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
): TObject {
  const properties: Record<string, TSchema> = {
    'page[size]': Type.String({
      pattern: '^[0-9]{1,3}$',
      description: `1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}`,
    }),
    'page[after]': Type.String({ maxLength: 512, description: 'meta.after_cursor of the previous page' }),
    'page[before]': Type.String({ maxLength: 512, description: 'meta.before_cursor of the next page' }),
    sort: Type.String({
      maxLength: 64,
      description: `One of ${definition.sortable.join(', ')}; prefix - for descending. Default ${definition.defaultSort}.`,
    }),
  };
  if (Object.keys(definition.includes).length > 0) {
    properties.include = Type.String({
      maxLength: 200,
      description: `Comma-separated: ${Object.keys(definition.includes).join(', ')}`,
    });
  }
  if (definition.search) {
    properties['filter[search]'] = Type.String({
      maxLength: MAX_SEARCH_LENGTH,
      description:
        'Case-insensitive part of the name, reference, e-mail address or phone number (of a booking, also ' +
        'those of its account and contact). A search page may stop early in a very large list: see ' +
        'meta.incomplete_results.',
    });
  }
  for (const [field, spec] of Object.entries(definition.filters)) {
    for (const operator of spec.operators ?? FILTER_OPERATORS) {
      properties[`filter[${field}][${operator}]`] = Type.String({
        maxLength: 4096,
        description: filterDescription(spec, operator),
      });
    }
  }
  const optional = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)]));
  const fields = fieldsQueryProperties(definition.type, definition.schema);
  const custom = definition.customFields
    ? {
        patternProperties: {
          [CUSTOM_FILTER_PATTERN]: Type.String({
            maxLength: 4096,
            description: 'filter[custom_fields.<key>][OP]: the operators of the field’s type (SPEC §19)',
          }),
        },
      }
    : {};
  return Type.Object({ ...optional, ...fields }, { additionalProperties: false, ...custom });
}

/** `now` is the clock's reading, for the filters read against it. */
export function parseListQuery<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
  query: Readonly<Record<string, string | undefined>>,
  userId: string,
  now: number,
  /** The organization's custom fields of the kind, which its filters and sort may name. */
  customFields: readonly CustomValue[] = [],
): ListQuery<ColumnOf<Table>> {
  const sizeRaw = query['page[size]'];
  const size = sizeRaw === undefined ? DEFAULT_PAGE_SIZE : Number(sizeRaw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new BadRequestError(
      `page[size] must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
      { parameter: 'page[size]' },
      'invalid_parameter',
    );
  }
  const after = query['page[after]'];
  const before = query['page[before]'];
  if (after !== undefined && before !== undefined) {
    throw new BadRequestError(
      'Use page[after] or page[before], not both.',
      { parameter: 'page[before]' },
      'invalid_parameter',
    );
  }

  const sortRaw = query.sort ?? definition.defaultSort;
  const descending = sortRaw.startsWith('-');
  const name = descending ? sortRaw.slice(1) : sortRaw;
  const custom = definition.customFields ? customSort(name, customFields) : undefined;
  const column = custom ? ('custom_fields' as ColumnOf<Table>) : definition.sortable.find((c) => c === name);
  if (column === undefined) {
    throw new BadRequestError(
      `Cannot sort by "${sortRaw}"; sort by one of ${definition.sortable.join(', ')} (prefix - for descending).`,
      { parameter: 'sort' },
      'invalid_sort',
    );
  }

  const filters: Array<Filter<ColumnOf<Table>>> = [];
  // What the cursors are bound to: a filter read against the clock as it was asked for, so the
  // next page's cursor holds as the clock moves on.
  const asked: Array<Filter<string>> = [];
  const clocked = new Set<Filter<string>>();
  for (const [parameter, raw] of Object.entries(query)) {
    const customMatch = CUSTOM_FILTER.exec(parameter);
    if (customMatch && raw !== undefined && definition.customFields) {
      const filter = customFilter(parameter, customMatch[1]!, customMatch[2]!, raw, customFields);
      filters.push(filter as Filter<ColumnOf<Table>>);
      continue;
    }
    const match = /^filter\[([a-z_]+)\]\[([a-z_]+)\]$/.exec(parameter);
    if (!match || raw === undefined) continue;
    const spec = Object.hasOwn(definition.filters, match[1]!) ? definition.filters[match[1]!] : undefined;
    const operator = (spec?.operators ?? FILTER_OPERATORS).find((o) => o === match[2]);
    if (!spec || !operator) {
      throw new BadRequestError(`Unknown filter ${parameter}.`, { parameter }, 'invalid_filter');
    }
    const link = spec.link ? { link: spec.link } : {};
    if (spec.onClock) {
      if (raw !== 'true')
        throw new BadRequestError(`${parameter} takes true.`, { parameter }, 'invalid_filter');
      const standing = spec.onClock(now);
      filters.push(...standing);
      for (const filter of standing) clocked.add(filter);
      asked.push({ column: match[1]!, operator, value: true });
    } else if (spec.none && raw === 'none' && (operator === 'eq' || operator === 'not_eq')) {
      filters.push({ column: spec.column, operator: 'null', value: operator === 'eq', ...link });
    } else if (operator === 'null' || operator === 'not_null') {
      if (raw !== 'true' && raw !== 'false') {
        throw new BadRequestError(`${parameter} takes true or false.`, { parameter }, 'invalid_filter');
      }
      filters.push({ column: spec.column, operator, value: raw === 'true', ...link });
    } else if (operator === 'in' || operator === 'not_in') {
      const values = raw.split(',').map((v) => parseFilterValue(parameter, spec, v.trim(), userId));
      if (values.length === 0 || values.length > 100) {
        throw new BadRequestError(
          `${parameter} takes 1 to 100 comma-separated values.`,
          { parameter },
          'invalid_filter',
        );
      }
      filters.push({ column: spec.column, operator, value: values, ...link });
    } else {
      filters.push({
        column: spec.column,
        operator,
        value: parseFilterValue(parameter, spec, raw, userId),
        ...link,
      });
    }
  }
  const search = parseSearch(definition, query['filter[search]']);
  if (custom && search !== undefined) {
    throw new BadRequestError(
      'A search is in the order of its sort columns: sort by a custom field without filter[search].',
      { parameter: 'sort' },
      'invalid_sort',
    );
  }
  const fingerprint = listFingerprint([...filters.filter((f) => !clocked.has(f)), ...asked], search);
  return {
    size,
    after,
    before,
    sort: { column, descending, ...(custom ? { custom } : {}) },
    filters,
    search,
    fingerprint,
    include: parseInclude(definition, query.include),
  };
}

function parseSearch<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
  raw: string | undefined,
): string | undefined {
  if (raw === undefined) return undefined;
  if (!definition.search) {
    throw new BadRequestError(
      'This list cannot be searched.',
      { parameter: 'filter[search]' },
      'invalid_filter',
    );
  }
  const term = raw.trim();
  const controlCharacter = [...term].some((c) => c.charCodeAt(0) < 0x20);
  if (term === '' || controlCharacter) {
    throw new BadRequestError(
      'filter[search] takes some text to look for (no line breaks or control characters).',
      { parameter: 'filter[search]' },
      'invalid_filter',
    );
  }
  return term;
}

export function parseInclude<Table extends OrganizationTable>(
  definition: ResourceDefinition<Table>,
  raw: string | undefined,
): string[] {
  if (raw === undefined || raw === '') return [];
  const names = [...new Set(raw.split(',').map((n) => n.trim()))];
  for (const name of names) {
    // Own properties only: `valueOf` or `constructor` must not pass as relationship names.
    if (!Object.hasOwn(definition.includes, name)) {
      const allowed = Object.keys(definition.includes);
      throw new BadRequestError(
        `Cannot include "${name}"${allowed.length ? `; include one of ${allowed.join(', ')}` : ''}.`,
        { parameter: 'include' },
        'invalid_include',
      );
    }
  }
  return names;
}
