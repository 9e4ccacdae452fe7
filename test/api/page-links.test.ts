/**
 * Paging links: the page's URL without its cursors and with the new one, exactly as `new URL`
 * and its searchParams would write it, for any query a client sends.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { pageLinks } from '../../src/api/documents.js';
import type { ListQuery } from '../../src/api/list-query.js';
import type { Page } from '../../src/crm/data/list-rows.js';

function expectedLink(selfUrl: string, name: string, cursor: string): string {
  const url = new URL(selfUrl);
  url.searchParams.delete('page[after]');
  url.searchParams.delete('page[before]');
  url.searchParams.set(name, cursor);
  return url.href;
}

const names = fc.constantFrom(
  'sort',
  'page[size]',
  'page[after]',
  'page[before]',
  'filter[status][in]',
  'filter[search]',
  'fields[notes]',
  'q',
  'é',
);
const values = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('-created_at', 'a b', 'x&y=z', '%41', 'lead,definite', '[]', 'ü+'),
);
const cursors = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{4,40}\.[A-Za-z0-9_-]{22}$/),
  fc.string({ maxLength: 10 }),
);

it('writes next and prev links as URL would, whatever the query', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(names, values), { maxLength: 6 }),
      cursors,
      cursors,
      fc.constantFrom('after', 'before', 'none'),
      (pairs, afterCursor, beforeCursor, direction) => {
        const query = new URLSearchParams(pairs).toString();
        const selfUrl = `https://venue.example/v2/bookings${query ? `?${query}` : ''}`;
        const page: Page<unknown> = { rows: [{}], hasMore: true, afterCursor, beforeCursor };
        const listQuery = {
          ...(direction === 'after' ? { after: 'x' } : {}),
          ...(direction === 'before' ? { before: 'x' } : {}),
        } as unknown as ListQuery;
        const links = pageLinks(selfUrl, listQuery, page);
        assert.equal(links.self, selfUrl);
        assert.equal(links.next, afterCursor ? expectedLink(selfUrl, 'page[after]', afterCursor) : null);
        const hasPrev = direction !== 'none';
        assert.equal(
          links.prev,
          hasPrev && beforeCursor ? expectedLink(selfUrl, 'page[before]', beforeCursor) : null,
        );
      },
    ),
    { numRuns: 500 },
  );
});

it('writes the links of a query sent as written by hand (brackets, empty pairs, names alone) as URL would', () => {
  const raw = fc.stringMatching(/^[a-z0-9*._\-[\]=]{0,10}$/);
  // Brackets as a link of this API writes them, in either case, and escapes that are not brackets.
  const escaped = fc
    .array(fc.constantFrom('page', 'size', '%5B', '%5D', '%5b', '%5d', '%5', '%41', '%', '=', '5B'), {
      maxLength: 6,
    })
    .map((parts) => parts.join(''));
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          raw,
          escaped,
          fc.constantFrom(
            'page[after]=a.b',
            'page%5Bafter%5D=a.b',
            'page%5bbefore%5d=c.d',
            'page[before]=',
            'page[size]=25',
            'page%5Bsize%5D=25',
            '',
            '=x',
          ),
        ),
        {
          maxLength: 6,
        },
      ),
      cursors,
      (pairs, afterCursor) => {
        const selfUrl = `https://venue.example/notes?${pairs.join('&')}`;
        const page: Page<unknown> = { rows: [{}], hasMore: true, afterCursor, beforeCursor: null };
        const links = pageLinks(selfUrl, {} as ListQuery, page);
        assert.equal(links.next, afterCursor ? expectedLink(selfUrl, 'page[after]', afterCursor) : null);
      },
    ),
    { numRuns: 1000 },
  );
});

it('has no next or prev link on the only page', () => {
  const page: Page<unknown> = { rows: [], hasMore: false, afterCursor: null, beforeCursor: null };
  assert.deepEqual(pageLinks('https://venue.example/notes?sort=name', {} as ListQuery, page), {
    self: 'https://venue.example/notes?sort=name',
    next: null,
    prev: null,
  });
});

it('never puts the cursor after a # the client sent in the path', () => {
  const page: Page<unknown> = { rows: [{}], hasMore: true, afterCursor: 'abc.def', beforeCursor: null };
  assert.equal(
    pageLinks('https://venue.example/notes#', {} as ListQuery, page).next,
    'https://venue.example/notes?page%5Bafter%5D=abc.def',
  );
});
