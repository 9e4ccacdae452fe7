/**
 * Settings → Pipelines: each pipeline with its stages in order (rename, say which status it stands
 * for, move up or down, delete, add), adding and renaming pipelines, and the referral sources (add,
 * rename, delete). Every form is a plain post; a refused one comes back with its error beside its
 * field and in the summary.
 */
import type { PipelineWithStages, ReferralSourceTable, StageTable } from '../../../crm/pipelines/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** A refused form: which one (its key), what was typed, and the sentence. */
export interface PipelineFormError {
  form: string;
  name: string;
  /** A stage's status as chosen, when its form was refused. */
  status?: string | undefined;
  message: string;
}

export interface PipelinesView {
  pipelines: readonly PipelineWithStages[];
  sources: readonly ReferralSourceTable[];
  /** Each record's version by id, carried by its forms. */
  versions: ReadonlyMap<string, string>;
  error?: PipelineFormError | undefined;
  notice?: string | undefined;
}

const NOTICES = {
  'pipeline-added': 'Pipeline added.',
  'pipeline-saved': 'Pipeline renamed.',
  'stage-added': 'Stage added.',
  'stage-saved': 'Stage saved.',
  'stage-moved': 'Stage moved.',
  'stage-deleted': 'Stage deleted.',
  'source-added': 'Referral source added.',
  'source-saved': 'Referral source renamed.',
  'source-deleted': 'Referral source deleted.',
};

/** A name field of the form `form`, with its error when that form was refused. */
function nameField(
  view: PipelinesView,
  form: string,
  label: SafeHtml | string,
  value: string,
  hidden = false,
) {
  const id = `${form}-name`;
  const error = view.error?.form === form ? view.error : undefined;
  return html`<div class="field">
    <label for="${id}" ${hidden ? html`class="visually-hidden"` : ''}>${label}</label>
    <input id="${id}" name="name" type="text" value="${error ? error.name : value}" maxlength="100" required
      ${error ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''} />
    ${error ? html`<p class="field-error" id="${id}-error">${error.message}</p>` : ''}
  </div>`;
}

function hidden(v: WorkspaceVisitor, version?: string): SafeHtml {
  return html`${csrfField(v.csrfToken)}${version ? html`<input type="hidden" name="version" value="${version}" />` : ''}`;
}

/** What a stage may stand for, as its select offers it. */
const STANDS_FOR = [
  { value: '', label: 'No status' },
  { value: 'definite', label: 'Definite: moving here confirms' },
  { value: 'lost', label: 'Lost: moving here marks it lost' },
] as const;

/** The select of the status a stage stands for, with what was chosen when its form was refused. */
function statusField(view: PipelinesView, form: string, stage: StageTable, index: number): SafeHtml {
  const id = `${form}-status`;
  const chosen = view.error?.form === form ? (view.error.status ?? '') : (stage.status ?? '');
  return html`<div class="field">
    <label for="${id}" class="visually-hidden">Stage ${index + 1} stands for</label>
    <select id="${id}" name="status">${STANDS_FOR.map(
      (o) => html`<option value="${o.value}" ${o.value === chosen ? html`selected` : ''}>${o.label}</option>`,
    )}</select>
  </div>`;
}

function stageRow(v: WorkspaceVisitor, view: PipelinesView, stages: readonly StageTable[], index: number) {
  const stage = stages[index]!;
  const base = orgPath(v, `/settings/stages/${stage.id}`);
  const version = view.versions.get(stage.id) ?? '';
  const move = (direction: 'up' | 'down', label: string) =>
    html`<form method="post" action="${base}/move">${hidden(v, version)}<input type="hidden" name="direction" value="${direction}" />
      <button type="submit" class="secondary" aria-label="${label} ${stage.name}">${label}</button></form>`;
  return html`<li id="stage-${stage.id}">
    <form method="post" action="${base}" novalidate class="stage-form">${hidden(v, version)}
      ${nameField(view, `stage-${stage.id}`, html`Name of stage ${index + 1}`, stage.name, true)}
      ${statusField(view, `stage-${stage.id}`, stage, index)}
      <button type="submit" class="secondary">Save<span class="visually-hidden"> ${stage.name}</span></button></form>
    ${index > 0 ? move('up', 'Move up') : ''}
    ${index < stages.length - 1 ? move('down', 'Move down') : ''}
    <a class="button danger" href="${base}/delete">Delete<span class="visually-hidden"> ${stage.name}</span></a>
  </li>`;
}

function pipelineSection(v: WorkspaceVisitor, view: PipelinesView, { pipeline, stages }: PipelineWithStages) {
  const base = orgPath(v, `/settings/pipelines/${pipeline.id}`);
  const title = `pipeline-${pipeline.id}-title`;
  return html`<section class="card" aria-labelledby="${title}" id="pipeline-${pipeline.id}">
    <h2 id="${title}">${pipeline.name}</h2>
    <form method="post" action="${base}" novalidate class="inline-form">${hidden(v, view.versions.get(pipeline.id))}
      ${nameField(view, `pipeline-${pipeline.id}`, 'Pipeline name', pipeline.name)}
      <button type="submit" class="secondary">Rename pipeline</button></form>
    <h3>Stages, in order</h3>
    ${
      stages.length === 0
        ? html`<p class="muted">No stages yet.</p>`
        : html`<ul class="stages">${stages.map((_s, i) => stageRow(v, view, stages, i))}</ul>`
    }
    <form method="post" action="${base}/stages" novalidate class="inline-form">${hidden(v)}
      ${nameField(view, `new-stage-${pipeline.id}`, `New stage of ${pipeline.name}`, '')}
      <button type="submit">Add stage</button></form>
  </section>`;
}

function sourcesSection(v: WorkspaceVisitor, view: PipelinesView): SafeHtml {
  const base = orgPath(v, '/settings/referral-sources');
  return html`<section class="card" aria-labelledby="sources-title" id="referral-sources">
    <h2 id="sources-title">Referral sources</h2>
    <p class="hint">Where bookings come from: a booking's form offers them.</p>
    ${
      view.sources.length === 0
        ? html`<p class="muted">No referral sources yet.</p>`
        : html`<ul class="stages">${view.sources.map(
            (s) => html`<li id="source-${s.id}">
              <form method="post" action="${base}/${s.id}" novalidate>${hidden(v, view.versions.get(s.id))}
                ${nameField(view, `source-${s.id}`, `Name of the referral source ${s.name}`, s.name, true)}
                <button type="submit" class="secondary">Rename</button></form>
              <a class="button danger" href="${base}/${s.id}/delete">Delete<span class="visually-hidden"> ${s.name}</span></a>
            </li>`,
          )}</ul>`
    }
    <form method="post" action="${base}" novalidate class="inline-form">${hidden(v)}
      ${nameField(view, 'new-source', 'New referral source', '')}
      <button type="submit">Add referral source</button></form>
  </section>`;
}

export function pipelinesPage(v: WorkspaceVisitor, view: PipelinesView): string {
  const error = view.error;
  const summary = error
    ? html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
        <h2 id="error-summary-title">Please correct this field</h2>
        <ul><li><a href="#${error.form}-name">Name</a>: ${error.message}</li></ul></div>`
    : '';
  const body = html`${settingsTabs(v, 'pipelines')}<h1>Pipelines</h1>
    <p class="hint">The stages a booking moves through, shown as columns of the <a href="${orgPath(v, '/pipeline')}">pipeline board</a>. New bookings start at the first stage of the first pipeline. A stage may stand for a status: moving a booking there confirms it (definite) or marks it lost, by the same rules as its status buttons, and a booking given that status goes to the first such stage of its pipeline.</p>
    ${noticeOf(NOTICES, view.notice)}${summary}
    ${view.pipelines.map((p) => pipelineSection(v, view, p))}
    <section class="card" aria-labelledby="add-pipeline-title">
      <h2 id="add-pipeline-title">Add a pipeline</h2>
      <form method="post" action="${orgPath(v, '/settings/pipelines')}" novalidate class="inline-form">${hidden(v)}
        ${nameField(view, 'new-pipeline', 'Pipeline name', '')}
        <button type="submit">Add pipeline</button></form>
    </section>
    ${sourcesSection(v, view)}`;
  return workspacePage(v, { title: 'Pipelines', section: 'settings', body });
}
