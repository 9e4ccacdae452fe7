/**
 * A report's chart as drawn on the server (report-chart.ts): no viewBox, so its text keeps its
 * size in px on a phone as on a desktop; each bar's length a share of the width, the largest the
 * whole of it and one other than zero never invisible; each figure after a short bar or inside
 * the end of a long one; labels cut to a phone's line and escaped; an image with its title.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { barChart, barPercent, cut } from '../../src/web/workspace/reports/report-chart.js';

const bars = [
  { label: '2031-06 definite (1)', value: 1_234_500, shown: '€12,345.00' },
  { label: '2031-06 lead (3)', value: 200_000, shown: '€2,000.00' },
  { label: 'Refunds <script>', value: -50_000, shown: '-€500.00' },
];

it('draws its text at a fixed size in px, with no viewBox to scale it down on a phone', () => {
  const svg = barChart('chart-pipeline-EUR', 'Pipeline in EUR', bars).value;
  assert.doesNotMatch(svg, /viewBox/);
  assert.match(
    svg,
    /<svg class="report-chart" id="chart-pipeline-EUR" role="img" aria-labelledby="chart-pipeline-EUR-title"/,
  );
  assert.match(svg, /<title id="chart-pipeline-EUR-title">Pipeline in EUR<\/title>/);
  assert.match(svg, /height="144"/);
  const sizes = [...svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));
  assert.equal(sizes.length, 6, 'a label and a figure for each bar');
  assert.ok(
    sizes.every((size) => size >= 13),
    `sizes ${sizes.join(', ')}`,
  );
  assert.doesNotMatch(svg, /style=/);
});

it('draws each bar as a share of the width, its figure inside a long bar and after a short one', () => {
  const svg = barChart('c', 'C', bars).value;
  assert.match(svg, /<rect x="0" y="22" width="100%"[^>]*fill="#1f5fa8"/);
  assert.match(svg, /<text x="100%" dx="-6" y="36" text-anchor="end"[^>]*fill="#fff">€12,345.00<\/text>/);
  assert.match(svg, /<rect x="0" y="70" width="16.2%"/);
  assert.match(svg, /<text x="16.2%" dx="6" y="84"[^>]*fill="currentColor">€2,000.00<\/text>/);
  assert.match(svg, /width="4.1%"[^>]*fill="#b3261e"/);
  assert.match(svg, /Refunds &lt;script&gt;/);
});

it('keeps a bar other than zero visible and a zero without one', () => {
  assert.equal(barPercent(0, 100), 0);
  assert.equal(barPercent(1, 1_000_000), 0.5);
  assert.equal(barPercent(-100, 100), 100);
  assert.equal(barPercent(1, 3), 33.3);
});

it('cuts a label to what a phone’s line holds, and says when a range has nothing', () => {
  assert.equal(cut('x'.repeat(40)), 'x'.repeat(40));
  assert.equal(cut('y'.repeat(41)), `${'y'.repeat(39)}…`);
  const empty = barChart('e', 'Pipeline: nothing in this range', []).value;
  assert.match(empty, /height="28"/);
  assert.match(empty, /font-size="14"[^>]*>Nothing in this range\.<\/text>/);
});
