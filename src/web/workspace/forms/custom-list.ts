/**
 * A workspace list's custom fields (SPEC §19 "list columns and list filters"): the fields shown as
 * columns (`show`, repeated or comma-separated) and one filter on a field (`cf`, `op`, `value`),
 * all in the query string of a GET form that works without JavaScript (`pick` only draws the
 * form again for the field picked, its choices offered, applying nothing). The filter is read by the
 * API's own parser (src/api/custom-field-query.ts) as `filter[custom_fields.<cf>][<op>]=<value>`,
 * so the operators of each type and the words of a refusal are the API's.
 */
import { Type } from 'typebox';
import { customFilter } from '../../../api/custom-field-query.js';
import { type CustomField, listedCustomFields } from '../../../crm/custom-fields/index.js';
import type { Filter } from '../../../crm/data/list-shape.js';
import { refusalOf } from '../../../writes/refusal.js';

/** The query parameters of a list's custom part, for its route's schema. */
export const CustomListParams = {
  show: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 2000 }),
      Type.Array(Type.String({ maxLength: 50 }), { maxItems: 100 }),
    ]),
  ),
  cf: Type.Optional(Type.String({ maxLength: 50 })),
  op: Type.Optional(Type.String({ maxLength: 20 })),
  value: Type.Optional(Type.String({ maxLength: 500 })),
  pick: Type.Optional(Type.String({ maxLength: 10 })),
};

export interface CustomListQuery {
  show?: string | string[] | undefined;
  cf?: string | undefined;
  op?: string | undefined;
  value?: string | undefined;
  /** "Offer its choices" (the form without its script): the field picked, no filter applied yet. */
  pick?: string | undefined;
}

export interface CustomListState {
  /** The keys shown as columns. */
  show: string[];
  cf: string;
  op: string;
  value: string;
}

export interface CustomList {
  state: CustomListState;
  /** The fields shown as columns, in their order. */
  shown: CustomField[];
  /** The filter to apply (none when none was asked or it was refused). */
  filters: Filter[];
  /** Why the filter asked for was refused, in the API's words. */
  error?: string | undefined;
}

/** `null` and `not_null` ask no value: they read as "is empty" and "is not empty". */
const VALUELESS: ReadonlySet<string> = new Set(['null', 'not_null']);

export function customListOf(query: CustomListQuery, fields: readonly CustomField[]): CustomList {
  const keys = [query.show ?? []].flat().flatMap((s) => s.split(','));
  const shown = fields.filter((f) => keys.includes(f.name));
  const state: CustomListState = {
    show: shown.map((f) => f.name),
    cf: (query.cf ?? '').trim(),
    op: (query.op ?? 'eq').trim(),
    value: (query.value ?? '').trim(),
  };
  if (!state.cf || query.pick) return { state, shown, filters: [] };
  const parameter = `filter[custom_fields.${state.cf}][${state.op}]`;
  const raw = VALUELESS.has(state.op) ? 'true' : state.value;
  try {
    return {
      state,
      shown,
      filters: [customFilter(parameter, state.cf, state.op, raw, listedCustomFields(fields))],
    };
  } catch (error) {
    // The parser refuses as the API does (a 400 naming the parameter); the list says it in words.
    const refusal = refusalOf(error);
    if (refusal) return { state, shown, filters: [], error: refusal.detail };
    throw error;
  }
}

/** The state as query parameters, for the list's other links (paging, tabs). */
export function customListParams(state: CustomListState): Record<string, string | undefined> {
  return {
    show: state.show.join(',') || undefined,
    cf: state.cf || undefined,
    op: state.cf ? state.op : undefined,
    value: state.cf && !VALUELESS.has(state.op) ? state.value : undefined,
  };
}
