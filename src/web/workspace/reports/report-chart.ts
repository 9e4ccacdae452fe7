/**
 * A report's chart (SPEC §14): horizontal bars drawn on the server as SVG, one per row of a
 * currency, each labelled with its name and figure. No script and no style attribute (the
 * policy allows neither): presentation attributes only, which no Content-Security-Policy
 * governs. The table beside it carries the same numbers for screen readers, so the drawing is
 * an image with a title that says what it shows.
 */
import { html, type SafeHtml } from '../../html.js';

export interface Bar {
  label: string;
  value: number;
  /** The value as it is read (an amount with its currency, a count). */
  shown: string;
}

const ROW = 28;
const LABEL_WIDTH = 260;
const BAR_WIDTH = 420;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 140;

/** A label short enough for its column. */
const cut = (text: string) => (text.length > 34 ? `${text.slice(0, 33)}…` : text);

export function barChart(id: string, title: string, bars: readonly Bar[]): SafeHtml {
  const largest = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const height = Math.max(1, bars.length) * ROW + 8;
  const rows = bars.map((bar, i) => {
    const y = 4 + i * ROW;
    const width = Math.max(bar.value === 0 ? 0 : 2, Math.round((Math.abs(bar.value) / largest) * BAR_WIDTH));
    return html`<g>
      <text x="${LABEL_WIDTH - 8}" y="${y + 18}" text-anchor="end" font-size="13" fill="currentColor">${cut(bar.label)}</text>
      <rect x="${LABEL_WIDTH}" y="${y + 4}" width="${width}" height="${ROW - 8}" rx="3" fill="${bar.value < 0 ? '#b3261e' : '#1f5fa8'}" />
      <text x="${LABEL_WIDTH + width + 6}" y="${y + 18}" font-size="13" fill="currentColor">${bar.shown}</text>
    </g>`;
  });
  return html`<svg class="report-chart" id="${id}" role="img" aria-labelledby="${id}-title" viewBox="0 0 ${WIDTH} ${height}" width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">
    <title id="${id}-title">${title}</title>
    ${bars.length ? rows : html`<text x="8" y="20" font-size="13" fill="currentColor">Nothing in this range.</text>`}
  </svg>`;
}
