/**
 * The automation editor (automation-editor.page.ts): each condition and step a card of its own,
 * its controls side by side on a wide screen and stacked on a phone; ticks among many choices in
 * columns; the row's own buttons beneath it; the control a new row is added with beside its button.
 */
export const AUTOMATION_EDITOR_STYLES = `
.automation-editor ol.editor-rows { list-style: none; padding: 0; margin: .5rem 0; display: grid; gap: .75rem; }
.automation-editor li.editor-row { border: 1px solid var(--line); border-radius: var(--radius); padding: .5rem 1rem .75rem; background: var(--surface); }
.automation-editor .row-title { margin: .25rem 0 0; }
.automation-editor .row-controls { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-start; }
.automation-editor .row-controls > .field { flex: 1 1 14rem; min-width: 0; }
.automation-editor .row-controls > .field.short { flex: 0 1 9rem; }
.automation-editor .row-controls > fieldset { flex: 1 1 100%; }
.automation-editor .field.short input { max-width: 9rem; }
.automation-editor .row-moves { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .75rem; }
.automation-editor .row-moves button, .automation-editor .trigger-details + p button { min-height: 2.25rem; padding: .3rem .8rem; font-size: .9rem; }
.automation-editor fieldset.ticks { margin: 1rem 0 0; }
.automation-editor fieldset.ticks.columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); gap: 0 1rem; }
.automation-editor fieldset.ticks.columns > legend, .automation-editor fieldset.ticks.columns > .hint,
.automation-editor fieldset.ticks.columns > .field-error { grid-column: 1 / -1; }
.automation-editor .add-row { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-end; margin-top: .5rem; }
.automation-editor .add-row > .field { flex: 1 1 16rem; min-width: 0; }
.automation-editor .add-row > button { margin-bottom: .05rem; }
ul.conditions { margin: 0; padding-left: 1.1rem; }
`;
