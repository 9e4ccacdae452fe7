/** Pieces the lists share: the search form, paging links and notices. */
import { html, type SafeHtml } from '../../html.js';

export function searchForm(
  action: string,
  q: string,
  label: string,
  placeholder: string,
  /** The list's other state, kept as hidden fields (its custom columns and filter). */
  hidden: SafeHtml | '' = '',
): SafeHtml {
  return html`<form method="get" action="${action}" class="filters" role="search" aria-label="${label}">${hidden}
    <div class="field grow"><label for="q">Search</label>
      <input id="q" name="q" type="search" value="${q}" placeholder="${placeholder}" /></div>
    <div class="field buttons"><button type="submit" class="secondary">Search</button>
      ${q ? html`<a href="${action}">Clear</a>` : ''}</div>
  </form>`;
}

export function pagingLinks(
  base: string,
  q: string,
  next: string | undefined,
  prev: string | undefined,
  keep: Readonly<Record<string, string | undefined>> = {},
): SafeHtml | '' {
  if (!next && !prev) return '';
  const href = (key: string, cursor: string) => {
    const kept = Object.entries(keep).filter((e): e is [string, string] => Boolean(e[1]));
    const params = new URLSearchParams([
      ...(q ? [['q', q] as [string, string]] : []),
      ...kept,
      [key, cursor],
    ]);
    return `${base}?${params.toString()}`;
  };
  return html`<nav aria-label="Pages" class="paging">
    ${prev ? html`<a class="button secondary" href="${href('before', prev)}">Previous</a>` : ''}
    ${next ? html`<a class="button secondary" href="${href('after', next)}">Next</a>` : ''}
  </nav>`;
}

/** Said above a search's page that stopped early in a very large list: Next looks further. */
export function searchedPart(incomplete: boolean | undefined, noun: string): SafeHtml | '' {
  return incomplete
    ? html`<p class="notice" role="status">This search looked through part of the ${noun} and stopped there; <strong>Next</strong> looks further.</p>`
    : '';
}

export function noticeOf(notices: Record<string, string>, key: string | undefined): SafeHtml | '' {
  const text = key ? notices[key] : undefined;
  return text ? html`<p class="notice" role="status">${text}</p>` : '';
}
