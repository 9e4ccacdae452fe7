/** Lists as async iterables over cursor pages, and the query string a list's options make. */
import type { FilterValue, ListOptions } from './list-options.js';

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  afterCursor: string | null;
}

/** Iterates every item of a list, fetching page after page by cursor. */
export class PagedList<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (after: string | undefined) => Promise<Page<T>>) {}

  firstPage(): Promise<Page<T>> {
    return this.fetchPage(undefined);
  }

  async *pages(): AsyncGenerator<Page<T>> {
    let after: string | undefined;
    for (;;) {
      const page = await this.fetchPage(after);
      yield page;
      if (!page.hasMore || !page.afterCursor) return;
      after = page.afterCursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const item of this) all.push(item);
    return all;
  }
}

const RESERVED = new Set(['pageSize', 'sort', 'include', 'organizationId', 'search']);
const OPERATORS = new Set(['eq', 'not_eq', 'lt', 'lteq', 'gt', 'gteq', 'in', 'not_in', 'null', 'not_null']);

/** `filter[FIELD][OP]` per filter option (a value is eq, a list is in), `filter[search]`, paging, sort, include. */
export function listQuery(
  options: ListOptions<string, string> & { search?: string } & Record<string, unknown>,
  after?: string,
): URLSearchParams {
  const query = new URLSearchParams();
  if (options.pageSize) query.set('page[size]', String(options.pageSize));
  if (options.sort) query.set('sort', options.sort);
  if (options.include?.length) query.set('include', options.include.join(','));
  if (options.search !== undefined) query.set('filter[search]', options.search);
  if (after) query.set('page[after]', after);
  for (const [field, value] of Object.entries(options)) {
    if (RESERVED.has(field) || value === undefined) continue;
    const filter = value as FilterValue<string>;
    if (Array.isArray(filter)) query.set(`filter[${field}][in]`, filter.join(','));
    else if (typeof filter === 'object' && filter !== null) {
      for (const [op, operand] of Object.entries(filter)) {
        if (!OPERATORS.has(op) || operand === undefined) continue;
        query.set(`filter[${field}][${op}]`, Array.isArray(operand) ? operand.join(',') : String(operand));
      }
    } else query.set(`filter[${field}][eq]`, String(filter));
  }
  return query;
}
