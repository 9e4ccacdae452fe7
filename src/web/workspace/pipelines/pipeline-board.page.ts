/**
 * The pipeline board (SPEC §15): a column per stage of the chosen pipeline, headed by how many open
 * bookings it holds and what they are worth in each currency, each open booking a card (name,
 * reference, first date in the venue's time zone, guests, value). A card moves by a form post: a
 * select of the pipeline's stages (saying which stand for a status: moving there is that status
 * move) and a Move button, no script needed. A refused move says why and the card stays where it
 * was. On a phone the columns stack.
 */
import { countText } from '../../../locale.js';
import { type BookingRow, shownTotal } from '../../../crm/bookings/index.js';
import {
  createPipeline,
  type PipelineWithStages,
  type StageTable,
  type StageTotals,
} from '../../../crm/pipelines/index.js';
import { html, type SafeHtml } from '../../html.js';
import { money, statusBadge } from '../bookings/booking-badges.js';
import { csrfField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { dayLabel, localDate } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface BoardCard {
  booking: BookingRow;
  /** The version its move form carries. */
  version: string;
}

export interface BoardView {
  pipelines: readonly PipelineWithStages[];
  chosen: PipelineWithStages;
  /** The cards of each stage, soonest first. */
  cards: ReadonlyMap<string, readonly BoardCard[]>;
  /** Each stage's open bookings, counted and valued per currency (all of them, not only those shown). */
  totals: ReadonlyMap<string, StageTotals>;
  /** The most cards a column shows. */
  limit: number;
  zone: string;
  notice?: string | undefined;
  /** A refused move, in sentences. */
  refusal?: SafeHtml | string | undefined;
}

/** "Won (definite)": a stage as the move select offers it, with the status it stands for. */
function stageLabel(stage: StageTable): string {
  if (!stage.status || stage.name.toLowerCase() === stage.status) return stage.name;
  return `${stage.name} (${stage.status})`;
}

const NOTICES = { moved: 'Booking moved.' };

function card(v: WorkspaceVisitor, view: BoardView, stage: StageTable, { booking: b, version }: BoardCard) {
  const action = orgPath(v, `/pipeline/bookings/${b.id}`);
  const select = `move-${b.id}`;
  const total = shownTotal(b);
  return html`<li class="board-card">
    <p class="strong">${b.name}</p>
    <p class="small"><a class="ref" href="${orgPath(v, `/bookings/${b.id}`)}">${b.reference}</a> ${statusBadge(b.status)}</p>
    <dl class="card-facts small">
      <div><dt>First date</dt><dd>${dayLabel(localDate(Date.parse(b.start_at), view.zone))}</dd></div>
      <div><dt>Guests</dt><dd>${b.guest_count ?? '—'}</dd></div>
      <div><dt>Value</dt><dd>${total === 0 ? '—' : money(total, b.currency)}</dd></div>
    </dl>
    <form method="post" action="${action}" class="move-card">${csrfField(v.csrfToken)}
      <input type="hidden" name="version" value="${version}" />
      <input type="hidden" name="pipeline" value="${view.chosen.pipeline.id}" />
      <label for="${select}" class="visually-hidden">Move ${b.reference} ${b.name} to stage</label>
      <select id="${select}" name="stage_id">${view.chosen.stages.map(
        (s) =>
          html`<option value="${s.id}" ${s.id === stage.id ? html`selected` : ''}>${stageLabel(s)}</option>`,
      )}</select>
      <button type="submit" class="secondary">Move</button>
    </form>
  </li>`;
}

/** "3 bookings · £12,500.00 · US$4,000.00": what a column holds (a currency worth nothing, as a card's "—", unsaid). */
function columnTotals(totals: StageTotals | undefined): SafeHtml {
  const count = totals?.count ?? 0;
  const values = (totals?.values ?? [])
    .filter((v) => v.amount !== 0n)
    .map((v) => money(v.amount, v.currency));
  return html`<p class="column-totals small"><span class="strong">${countText(count)} ${count === 1 ? 'booking' : 'bookings'}</span>${values.map(
    (value) => html` · <span class="nowrap">${value}</span>`,
  )}</p>`;
}

function column(v: WorkspaceVisitor, view: BoardView, stage: StageTable): SafeHtml {
  const all = view.cards.get(stage.id) ?? [];
  const shown = all.slice(0, view.limit);
  const heading = `stage-${stage.id}`;
  const stands = stage.status ? html` <span class="muted small">${stage.status}</span>` : '';
  return html`<section class="board-column" aria-labelledby="${heading}">
    <h2 id="${heading}">${stage.name}${stands}</h2>
    ${columnTotals(view.totals.get(stage.id))}
    ${
      shown.length === 0
        ? html`<p class="muted small">No open bookings.</p>`
        : html`<ol class="board-cards">${shown.map((c) => card(v, view, stage, c))}</ol>`
    }
    ${all.length > view.limit ? html`<p class="hint">Showing the ${view.limit} soonest.</p>` : ''}
  </section>`;
}

export function pipelineBoardPage(v: WorkspaceVisitor, view: BoardView): string {
  const { chosen } = view;
  const base = orgPath(v, '/pipeline');
  const tabs =
    view.pipelines.length > 1
      ? html`<nav aria-label="Pipelines" class="tabs"><ul>${view.pipelines.map(
          ({ pipeline: p }) =>
            html`<li><a href="${base}?pipeline=${p.id}" ${p.id === chosen.pipeline.id ? html`aria-current="page"` : ''}>${p.name}</a></li>`,
        )}</ul></nav>`
      : '';
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a></p>
    <div class="page-head"><h1>Pipeline: ${chosen.pipeline.name}</h1>
      ${mayTake(v, createPipeline.action) ? html`<a class="button secondary" href="${orgPath(v, '/settings/pipelines')}">Edit stages</a>` : ''}</div>
    ${noticeOf(NOTICES, view.notice)}
    ${view.refusal ? html`<div class="error-summary" role="alert"><h2>The booking was not moved</h2>${typeof view.refusal === 'string' ? html`<p>${view.refusal}</p>` : view.refusal}</div>` : ''}
    ${tabs}
    <p class="hint">Open bookings by stage, soonest first, dates in ${view.zone} (the venue's time zone). Each column counts its bookings and adds up their value: a booking's grand total, or its estimated total while it has no lines. A stage marked with a status stands for it: moving a booking there makes that status move.</p>
    ${
      chosen.stages.length === 0
        ? html`<div class="empty"><p>This pipeline has no stages yet.</p></div>`
        : html`<div class="board">${chosen.stages.map((s) => column(v, view, s))}</div>`
    }`;
  return workspacePage(v, { title: `Pipeline: ${chosen.pipeline.name}`, section: 'pipeline', body });
}
