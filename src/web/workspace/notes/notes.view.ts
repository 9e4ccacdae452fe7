/**
 * The notes of a booking (with its events'), account or contact: newest first, with the form to
 * add one; a note about one of a booking's events names it.
 */
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, textareaField } from '../forms/form-fields.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import type { NoteView } from '../../../crm/notes/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { NOTE_ACTIONS } from '../../../crm/notes/index.js';

export interface NotesSection {
  notes: NoteView[];
  /** Where the add form posts. */
  action: string;
  zone: string;
  errors?: FieldErrors;
  draft?: string;
  /** Notes here may be marked for the BEO (a booking's, an event's): the form offers it. */
  beo?: boolean;
  /** The mark as ticked, when an added note was refused. */
  draftForBeo?: boolean;
  /** A booking's events' names, by id: a note about one of them says which. */
  eventNames?: ReadonlyMap<string, string>;
}

/** The checkbox that marks a note to print on the booking's banquet event orders (SPEC §13). */
export function forBeoField(checked: boolean): SafeHtml {
  return html`<label class="check"><input type="checkbox" id="field-for_beo" name="for_beo" value="yes" ${checked ? html`checked` : ''} /><span>For the BEO: print it on the banquet event orders</span></label>`;
}

/** Only the author of a note, or a visitor granted others' notes (an admin), may change it (SPEC §5). */
export function mayChangeNote(v: WorkspaceVisitor, note: Pick<NoteView, 'authorId'>): boolean {
  return note.authorId === v.user.id || mayTake(v, NOTE_ACTIONS.change_others);
}

function when(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return `${dayLabel(localDate(ms, zone))}, ${clockLabel(ms, zone)}`;
}

export function notesSection(v: WorkspaceVisitor, section: NotesSection): SafeHtml {
  const errors = section.errors ?? {};
  return html`<section aria-labelledby="notes-title" class="notes">
    <h2 id="notes-title">Notes</h2>
    <form method="post" action="${section.action}" class="note-form" novalidate>
      ${csrfField(v.csrfToken)}
      ${textareaField({ name: 'body', label: 'Add a note', value: section.draft ?? '', errors, required: true, rows: 3 })}
      ${section.beo ? forBeoField(section.draftForBeo ?? false) : ''}
      <div class="actions"><button type="submit">Add note</button></div>
    </form>
    ${
      section.notes.length === 0
        ? html`<p class="muted">No notes yet. Write down what was agreed, who called and what to remember.</p>`
        : html`<ol class="note-list">${section.notes.map(
            (n) => html`<li class="note">
              <p class="note-meta"><strong>${n.author}</strong> · <time datetime="${n.createdAt}">${when(n.createdAt, section.zone)}</time>${
                n.updatedAt !== n.createdAt ? html` <span class="muted">(edited)</span>` : ''
              }${n.eventId !== undefined ? html` · <span class="note-about">Event: ${section.eventNames?.get(n.eventId) ?? 'an event'}</span>` : ''}${
                n.forBeo ? html` <span class="badge beo">For the BEO</span>` : ''
              }</p>
              <div class="note-body">${n.body}</div>
              ${
                mayChangeNote(v, n)
                  ? html`<p class="note-actions"><a href="${orgPath(v, `/notes/${n.id}/edit`)}">Edit<span class="visually-hidden"> note by ${n.author}</span></a></p>`
                  : ''
              }
            </li>`,
          )}</ol>`
    }
  </section>`;
}

/** A refused note, listed at the top of the page it was written on. */
export function notesSummary(section: NotesSection): SafeHtml | '' {
  return errorSummary(section.errors ?? {}, { body: 'Add a note' });
}
