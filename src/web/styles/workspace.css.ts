/**
 * The workspace's styles: the header with the venue and its sections, lists, detail cards,
 * forms in groups, status colours (the same on badges, the week's slots and the legend) and the
 * week view, which becomes a list per day on a phone.
 */
export const WORKSPACE_STYLES = `
:root { --surface: color-mix(in srgb, CanvasText 3%, Canvas); --radius: .6rem;
  --lead-bg: #e8eefc; --lead-fg: #1e3a8a; --lead-line: #3b62d6;
  --tentative-bg: #fff4d6; --tentative-fg: #713f12; --tentative-line: #d08700;
  --definite-bg: #dcf5e4; --definite-fg: #14532d; --definite-line: #1f9d55;
  --closed-bg: #eceef1; --closed-fg: #374151; --closed-line: #6b7280;
  --lost-bg: #fde4e4; --lost-fg: #7f1d1d; --lost-line: #d64545; }
.skip { position: absolute; left: -999px; top: 0; background: Canvas; padding: .5rem 1rem; z-index: 2; }
.skip:focus { left: .5rem; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header.bar { gap: .5rem 1.25rem; justify-content: flex-start; }
header.bar nav.account { margin-left: auto; font-size: .95rem; } header.bar nav.account form { margin: 0; }
/* Wide, the header keeps to one line (a long address gives way first); narrower, the sections take a line of their own. */
@media (max-width: 91.99rem) { header.bar nav.sections { order: 3; flex-basis: 100%; } }
@media (min-width: 92rem) {
  header.bar { flex-wrap: nowrap; white-space: nowrap; }
  header.bar > * { flex-shrink: 0; }
  header.bar nav.account { flex-wrap: nowrap; flex-shrink: 1; min-width: 0; }
  header.bar nav.account .signed-in-as { min-width: 0; max-width: 18rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
}
.venue, .venue-switch summary { font-weight: 600; color: var(--muted); }
.venue-switch { position: relative; }
.venue-switch summary { cursor: pointer; list-style: none; padding: .25rem .5rem; border: 1px solid var(--line); border-radius: .4rem; }
.venue-switch summary::after { content: " ▾"; }
.venue-switch ul { position: absolute; z-index: 3; margin: .25rem 0 0; padding: .25rem 0; list-style: none; min-width: 14rem;
  background: Canvas; border: 1px solid var(--line); border-radius: .5rem; box-shadow: 0 8px 24px rgb(0 0 0 / .12); }
.venue-switch li a { display: block; padding: .5rem .9rem; color: inherit; text-decoration: none; }
.venue-switch li a:hover, .venue-switch li a[aria-current] { background: var(--surface); font-weight: 600; }
nav.sections ul, nav.tabs ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; }
nav.sections a { display: block; padding: .45rem .75rem; border-radius: .45rem; color: inherit; text-decoration: none; font-weight: 500; }
nav.sections a:hover { background: var(--surface); }
nav.sections a[aria-current] { background: color-mix(in srgb, var(--accent) 12%, Canvas); color: var(--accent); font-weight: 700; }
main.wide { max-width: 72rem; }
.page-head { display: flex; flex-wrap: wrap; gap: .75rem 1rem; align-items: center; justify-content: space-between; margin-bottom: 1rem; }
.page-head h1 { margin: 0; }
.head-actions { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.crumbs { margin: 0 0 .5rem; font-size: .9rem; }
.crumbs a { color: var(--muted); }
.ref { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem; color: var(--muted); margin: 0; letter-spacing: .02em; }
.small { font-size: .875rem; }
.strong { font-weight: 600; }
a { color: var(--accent); }
nav.tabs { border-bottom: 1px solid var(--line); margin: 0 0 1rem; overflow-x: auto; }
nav.tabs ul { gap: 0; }
nav.tabs a { display: block; padding: .6rem .9rem; color: inherit; text-decoration: none; border-bottom: 3px solid transparent; white-space: nowrap; }
nav.tabs a[aria-current] { border-bottom-color: var(--accent); color: var(--accent); font-weight: 700; }
nav.tabs.wrapping { overflow-x: visible; }
nav.tabs.wrapping ul { flex-wrap: wrap; }
form.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-end; padding: .75rem 1rem 1rem; background: var(--surface); border-radius: var(--radius); }
form.filters .field { flex: 0 1 11rem; min-width: 9rem; }
form.filters .field.grow { flex: 1 1 14rem; }
form.filters label { margin-top: .25rem; }
form.filters input, form.filters .buttons button { height: 2.9rem; }
form.filters .buttons button { padding-top: 0; padding-bottom: 0; }
form.filters .buttons { display: flex; gap: 1rem; align-items: center; flex: 0 0 auto; min-width: 0; }
input[type=search], input[type=date], input[type=time], input[type=datetime-local], input[type=number], input[type=tel] {
  width: 100%; padding: .65rem .75rem; font: inherit; border: 1px solid var(--line); border-radius: .5rem; background: Field; color: FieldText; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
label .optional { font-weight: 400; color: var(--muted); font-size: .9rem; }
table.list th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
table.list tbody tr:hover { background: var(--surface); }
.nowrap { white-space: nowrap; }
.badge { display: inline-block; padding: .1rem .55rem; border-radius: 999px; font-size: .8rem; font-weight: 700; border: 1px solid; white-space: nowrap; }
.status-lead { background: var(--lead-bg); color: var(--lead-fg); border-color: var(--lead-line); }
.status-tentative { background: var(--tentative-bg); color: var(--tentative-fg); border-color: var(--tentative-line); }
.status-definite { background: var(--definite-bg); color: var(--definite-fg); border-color: var(--definite-line); }
.status-closed { background: var(--closed-bg); color: var(--closed-fg); border-color: var(--closed-line); }
.status-lost { background: var(--lost-bg); color: var(--lost-fg); border-color: var(--lost-line); }
.availability-free { background: var(--definite-bg); color: var(--definite-fg); border-color: var(--definite-line); }
.availability-held { background: var(--tentative-bg); color: var(--tentative-fg); border-color: var(--tentative-line); }
.availability-taken { background: var(--lost-bg); color: var(--lost-fg); border-color: var(--lost-line); }
/* Each space's row edged in its availability's colour (its badge says it in words). */
tr.availability-row > th, tr.availability-row { border-left: 4px solid var(--line); text-align: left; }
table.list tr.availability-row > th { text-transform: none; letter-spacing: 0; font-size: 1rem; font-weight: 400; color: inherit; }
tr.availability-row-free > th, tr.availability-row-free { border-left-color: var(--definite-line); }
tr.availability-row-held > th, tr.availability-row-held { border-left-color: var(--tentative-line); }
tr.availability-row-taken > th, tr.availability-row-taken { border-left-color: var(--lost-line); }
ul.holds { margin: 0; } ul.holds li { padding: .2rem 0; }
.fits-not { color: var(--lost-fg); font-weight: 600; }
.today-badge { background: var(--accent); color: #fff; border-color: var(--accent); }
.empty { border: 1px dashed var(--line); border-radius: var(--radius); padding: 1.25rem 1.5rem; margin: 1rem 0; background: var(--surface); }
.empty h2 { margin-top: 0; }
.paging { display: flex; gap: .75rem; justify-content: center; margin: 1.5rem 0; }
.detail-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); gap: 1rem; margin: 1rem 0; }
.card { border: 1px solid var(--line); border-radius: var(--radius); padding: .25rem 1.25rem 1rem; margin: 1rem 0; }
.detail-grid .card { margin: 0; }
dl.facts { margin: 0; }
dl.facts > div { display: grid; grid-template-columns: 8rem 1fr; gap: .75rem; padding: .45rem 0; border-bottom: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
dl.facts > div:last-child { border-bottom: 0; }
iframe.mail-html { display: block; width: 100%; height: 34rem; border: 1px solid var(--line); border-radius: var(--radius); background: #fff; }
pre.mail-text { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius); padding: .75rem 1rem; }
dl.facts dt { color: var(--muted); font-weight: 500; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
ul.plain { list-style: none; padding: 0; }
ul.plain li { padding: .35rem 0; border-bottom: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
.moves { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0; }
.moves form { margin: 0; }
details.lost { margin-top: .75rem; }
details.lost summary { cursor: pointer; color: var(--danger); font-weight: 600; padding: .35rem 0; }
.notes { margin-top: 2rem; }
.note-form { max-width: 44rem; }
ol.note-list { list-style: none; padding: 0; margin: 1.25rem 0; }
li.note { border-left: 3px solid var(--accent); background: var(--surface); border-radius: 0 var(--radius) var(--radius) 0; padding: .6rem 1rem; margin: 0 0 .75rem; }
.note-meta { margin: 0 0 .25rem; font-size: .9rem; color: var(--muted); }
.note-meta strong { color: CanvasText; }
.note-body { white-space: pre-wrap; overflow-wrap: anywhere; }
.note-actions { margin: .35rem 0 0; font-size: .9rem; }
.record-form { max-width: 44rem; }
fieldset.group { border: 0; border-top: 1px solid var(--line); border-radius: 0; padding: .5rem 0 0; margin: 1.5rem 0 0; }
fieldset.group > legend { font-size: 1.05rem; padding: 0 .5rem 0 0; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr)); gap: 0 1rem; }
.field-error { font-weight: 600; }
[aria-invalid=true] { border-color: var(--danger) !important; border-width: 2px !important; }
.error-summary { border: 2px solid var(--danger); border-radius: var(--radius); padding: .75rem 1.25rem; margin: 1rem 0; background: color-mix(in srgb, var(--danger) 6%, Canvas); }
.error-summary h2 { margin: .25rem 0 .5rem; font-size: 1.05rem; }
.error-summary ul { margin: .25rem 0; padding-left: 1.2rem; }
.error-summary a { color: var(--danger); font-weight: 600; }
.clash { margin: .25rem 0 .5rem; }
.refusal { font-size: 1.05rem; }
.danger-zone { margin-top: 3rem; border-top: 1px solid var(--line); padding-top: .5rem; }
.danger-zone h2 { color: var(--danger); }
.week-nav { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0 1rem; }
.legend { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; list-style: none; padding: 0; margin: .5rem 0; font-size: .9rem; }
.legend li { display: flex; align-items: center; gap: .4rem; }
.swatch { display: inline-block; width: 1.1rem; height: 1.1rem; border-radius: .3rem; border: 2px solid; }
.swatch.status-lead { background: var(--lead-line); } .swatch.status-tentative { background: var(--tentative-line); }
.swatch.status-definite { background: var(--definite-line); } .swatch.status-closed { background: var(--closed-line); }
.week-grid { overflow-x: auto; }
table.week { table-layout: fixed; min-width: 56rem; border: 1px solid var(--line); border-radius: var(--radius); }
table.week th, table.week td { border: 1px solid var(--line); padding: .35rem; }
table.week thead th { font-size: .85rem; text-align: center; background: var(--surface); }
table.week thead th:first-child { width: 9rem; text-align: left; }
table.week tbody th { font-weight: 600; font-size: .95rem; background: var(--surface); }
table.week .today { background: color-mix(in srgb, var(--accent) 6%, Canvas); }
table.week thead th.today { color: var(--accent); }
a.slot { display: block; margin: 0 0 .35rem; padding: .3rem .45rem; border-radius: .35rem; border: 1px solid; border-left-width: 4px; text-decoration: none; font-size: .8rem; line-height: 1.3; overflow-wrap: anywhere; }
a.slot:hover { filter: brightness(.96); }
.slot-time { display: block; font-weight: 700; }
.slot-name { display: block; font-weight: 600; }
.slot-meta { display: block; opacity: .85; }
/* Setup and teardown: the time a space is held around an event, on a hatched ground. */
a.slot.through { border-style: dashed; }
.slot-through { display: block; margin-top: .2rem; font-size: .75rem; font-style: italic; }
.slot-held { display: block; margin-top: .2rem; padding: 0 .3rem; border-radius: .2rem; font-size: .75rem;
  background: repeating-linear-gradient(135deg, transparent 0 4px, color-mix(in srgb, currentColor 12%, transparent) 4px 8px); }
ol.events { list-style: none; padding: 0; margin: 0; }
ol.events li.event { padding: .6rem 0; border-bottom: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
ol.events li.event:last-child { border-bottom: none; }
.event-head { display: flex; gap: 1rem; justify-content: space-between; align-items: baseline; }
.warning { margin-top: .4rem; padding: .4rem .6rem; border-left: 4px solid #b54708; background: color-mix(in srgb, #f79009 10%, Canvas); border-radius: .3rem; }
.warning p { margin: 0; }
.week-days { display: none; }
.week-days section.day { border-top: 1px solid var(--line); padding: .25rem 0 .5rem; }
.week-days section.day.quiet { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 .75rem; }
.week-days section.day.quiet p { margin: 0 0 .5rem; }
.week-days h2 { font-size: 1rem; }
.week-days a.slot { font-size: .95rem; padding: .5rem .75rem; }
.board { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(12.5rem, 1fr); gap: .75rem; overflow-x: auto; padding-bottom: .5rem; }
.board-column { background: color-mix(in srgb, var(--line) 25%, Canvas); border-radius: var(--radius); padding: .25rem .75rem .75rem; min-width: 0; }
.board-column h2 { font-size: 1rem; }
.board-column h2 .muted { font-weight: 400; }
.board-column p.column-totals { margin: -.5rem 0 .5rem; }
ol.board-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
li.board-card { background: Canvas; border: 1px solid var(--line); border-radius: var(--radius); padding: .5rem .75rem; }
li.board-card p { margin: 0 0 .25rem; }
dl.card-facts { display: flex; flex-wrap: wrap; gap: 0 1rem; margin: .25rem 0 .5rem; }
dl.card-facts dt { color: var(--muted); }
dl.card-facts dd { margin: 0; }
form.move-card { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
form.move-card select { flex: 1 1 8rem; min-width: 0; }
/* Pricing: a booking's lines by event and category, and its totals as they will print. */
.pricing h3 { font-size: 1rem; margin: 1.25rem 0 0; }
.pricing h3 .muted { font-weight: 400; }
table.lines { margin: .25rem 0 1rem; }
table.lines .num { text-align: right; white-space: nowrap; }
table.list.lines tr.category th { padding-top: .75rem; }
.line-charges { display: block; font-size: .85rem; color: var(--muted); }
dl.totals { max-width: 26rem; margin: 1rem 0 1rem auto; font-variant-numeric: tabular-nums; }
dl.totals > div { display: flex; justify-content: space-between; gap: 1rem; padding: .3rem 0; border-bottom: 1px solid color-mix(in srgb, var(--line) 60%, transparent); }
dl.totals dd { margin: 0; white-space: nowrap; text-align: right; }
dl.totals .includes { display: block; text-align: right; font-size: .85rem; font-weight: 400; color: var(--muted); }
dl.totals .grand { font-weight: 700; }
dl.totals .short dd { color: var(--danger); font-weight: 700; }
form.fnb-form { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-end; border-top: 1px solid var(--line); margin-top: 1rem; }
form.fnb-form .field { flex: 0 1 20rem; }
form.fnb-form button { margin-bottom: .1rem; }
/* Payments: each installment's state in words and colour; overdue also by its weight, mark and edge. */
.payments h3 { font-size: 1rem; margin: 1.25rem 0 0; }
dl.paid-so-far { gap: .25rem 2rem; font-variant-numeric: tabular-nums; }
table.money-table { margin: .25rem 0 1rem; }
table.money-table .num, table.bookings .num { text-align: right; white-space: nowrap; }
td.wrap { overflow-wrap: anywhere; }
.state-scheduled { background: var(--closed-bg); color: var(--closed-fg); border-color: var(--closed-line); }
.state-due { background: var(--tentative-bg); color: var(--tentative-fg); border-color: var(--tentative-line); }
.state-overdue { background: var(--danger); color: #fff; border-color: var(--danger); text-transform: uppercase; letter-spacing: .03em; }
.state-paid { background: var(--definite-bg); color: var(--definite-fg); border-color: var(--definite-line); }
tr.state-row-overdue > td:first-child { box-shadow: inset 4px 0 var(--danger); padding-left: .75rem; }
.section-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
label.check > input[type=radio] { flex: none; }
fieldset.choices .choice { padding: .2rem 0; }
fieldset.choices .choice-input { margin-left: 1.8rem; }
fieldset.choices .choice-input label { margin-top: .4rem; font-weight: 500; }
ul.stages { list-style: none; margin: 0; padding: 0; }
ul.stages > li { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; padding: .5rem 0; border-bottom: 1px solid var(--line); }
ul.stages form { margin: 0; display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
ul.stages .field { margin: 0; }
ul.stages .uses { align-self: center; }
ul.stages > li > .field-error { flex-basis: 100%; margin: 0; }
@media (max-width: 48rem) {
  .board { grid-auto-flow: row; grid-auto-columns: auto; overflow-x: visible; }
  .week-grid { display: none; }
  .week-days { display: block; }
}
@media (max-width: 36rem) {
  header.bar { padding: .6rem 1rem; }
  nav.sections { order: 3; width: 100%; }
  nav.sections ul { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .15rem; }
  nav.sections a { padding: .5rem .15rem; text-align: center; font-size: .875rem; }
  nav.tabs { overflow-x: visible; }
  nav.tabs ul { flex-wrap: wrap; }
  nav.tabs a { padding: .55rem .35rem; font-size: .875rem; }
  .week-nav { display: grid; grid-template-columns: repeat(3, 1fr); }
  .week-nav .button { padding: .55rem .4rem; text-align: center; font-size: .9rem; }
  table.list td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: .875rem; }
  table.list td[data-label]:empty { display: none; }
  header.bar nav.account { gap: .5rem; }
  header.bar nav.account .muted { display: none; }
  main { margin-top: 1.25rem; }
  dl.facts > div { grid-template-columns: 1fr; gap: 0; }
  form.filters .field { flex: 1 1 8rem; min-width: 0; }
  form.filters .field.grow { flex: 1 1 100%; }
  table.list td:first-child { padding-top: .5rem; }
  table.lines .num { text-align: left; }
  dl.totals { margin-left: 0; }
  table.money-table .num, table.bookings .num { text-align: left; }
  tr.state-row-overdue { border-left: 4px solid var(--danger); padding-left: .6rem; }
  tr.state-row-overdue > td:first-child { box-shadow: none; padding-left: 0; }
  tr.availability-row { padding-left: .6rem; }
  tr.availability-row > th { border-left: none; padding: 0; }
}
/* Reports: the chart's text keeps its size in px at every width (report-chart.ts); on a phone the table's rows stack as lists' do. */
.report-figure { margin: 1rem 0; } .report-figure figcaption { font-weight: 600; margin-bottom: .25rem; } svg.report-chart { display: block; width: 100%; max-width: 48rem; }
.report-table { overflow-x: auto; } table.report caption { text-align: left; font-weight: 600; } table.report td.num { white-space: nowrap; } table.report td.wrap { min-width: 6rem; }
table.report .num { text-align: right; } @media (max-width: 36rem) { table.report caption { display: block; } table.report .num { text-align: left; } table.report td.num { white-space: normal; } }
`;
