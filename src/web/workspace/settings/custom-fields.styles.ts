/**
 * Settings → Custom fields: the order form's rows, which the page's script lets one drag; and the
 * lists' custom-field filter, whose no-script step its script hides (buttons are display: inline-block).
 * The Up and Down cell is a table cell beside the row's others, not the board's `.moves` flex box
 * (workspace.css.ts), whose margin lifted its border off the row's; on a phone the rows are blocks.
 */
export const CUSTOM_FIELD_STYLES = `
form.field-order input.position { width: 5rem; padding: .5rem; font: inherit; border: 1px solid var(--line); border-radius: .5rem; }
form.field-order.sortable tr[draggable=true] { cursor: grab; }
form.field-order tr.dragging { opacity: .5; }
form.field-order td.moves { white-space: nowrap; }
@media (min-width: 36.0625rem) { form.field-order td.moves { display: table-cell; margin: 0; } }
form.field-order button.move { min-height: 2.75rem; padding: .4rem .8rem; margin: 0 .25rem 0 0; vertical-align: top; }
form.field-order td { vertical-align: middle; }
form[data-custom-list] button.pick[hidden] { display: none; }
.option-row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto; gap: .5rem; align-items: end; }
.option-row label { margin-top: .5rem; }
`;
