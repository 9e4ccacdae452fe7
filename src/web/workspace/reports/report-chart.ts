/**
 * A report's chart (SPEC §14): horizontal bars drawn on the server as SVG, one per row of a
 * currency, each under its name and with its figure. No script and no style attribute (the
 * policy allows neither): presentation attributes only, which no Content-Security-Policy
 * governs. The table beside it carries the same numbers for screen readers, so the drawing is
 * an image with a title that says what it shows.
 *
 * The drawing has no viewBox, so a user unit is a CSS pixel and its text is as large on a 390 px
 * phone as on a desktop: a chart scaled down as a whole made its labels unreadably small. Only
 * the bars' lengths follow the width, as percentages of it; each label sits on its own line
 * above its bar, where it has the whole width, and each figure sits after its bar or, on a long
 * bar, inside its end.
 */
import { html, type SafeHtml } from '../../html.js';

export interface Bar {
  label: string;
  value: number;
  /** The value as it is read (an amount with its currency, a count). */
  shown: string;
}

const ROW = 48;
const LABEL_SIZE = 14;
const FIGURE_SIZE = 13;
/** A bar longer than this share of the width holds its figure inside; a shorter one leaves it room after it. */
const FIGURE_INSIDE = 55;
/**
 * Where a label starts: a little in from the edge, since a glyph may reach left of its origin
 * (the J of "June 2027" in most fonts) and would be cut off at x = 0.
 */
const LABEL_INSET = 2;
const POSITIVE = '#1f5fa8';
const NEGATIVE = '#b3261e';

/** A label short enough for a 390 px phone's line: about 350 px, at 14 px even in a wide font. */
export const cut = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** The bar's length as a share of the chart's width: a figure other than zero stays visible. */
export function barPercent(value: number, largest: number): number {
  if (value === 0) return 0;
  return Math.max(0.5, Math.round((Math.abs(value) / largest) * 1000) / 10);
}

function barRow(bar: Bar, top: number, largest: number): SafeHtml {
  const percent = barPercent(bar.value, largest);
  const inside = percent > FIGURE_INSIDE;
  const figure = inside
    ? html`<text x="${percent}%" dx="-6" y="${top + 36}" text-anchor="end" font-size="${FIGURE_SIZE}" font-weight="600" fill="#fff">${bar.shown}</text>`
    : html`<text x="${percent}%" dx="6" y="${top + 36}" font-size="${FIGURE_SIZE}" font-weight="600" fill="currentColor">${bar.shown}</text>`;
  return html`<g>
      <text x="${LABEL_INSET}" y="${top + 16}" font-size="${LABEL_SIZE}" fill="currentColor">${cut(bar.label)}</text>
      <rect x="0" y="${top + 22}" width="${percent}%" height="18" rx="3" fill="${bar.value < 0 ? NEGATIVE : POSITIVE}" />
      ${figure}
    </g>`;
}

export function barChart(id: string, title: string, bars: readonly Bar[]): SafeHtml {
  const largest = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const height = bars.length ? bars.length * ROW : 28;
  return html`<svg class="report-chart" id="${id}" role="img" aria-labelledby="${id}-title" width="100%" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <title id="${id}-title">${title}</title>
    ${bars.length ? bars.map((bar, i) => barRow(bar, i * ROW, largest)) : html`<text x="0" y="20" font-size="${LABEL_SIZE}" fill="currentColor">Nothing in this range.</text>`}
  </svg>`;
}
