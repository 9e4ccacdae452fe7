/** Settings → Custom fields: the order form's rows, which the page's script lets one drag. */
export const CUSTOM_FIELD_STYLES = `
form.field-order input.position { width: 5rem; padding: .5rem; font: inherit; border: 1px solid var(--line); border-radius: .5rem; }
form.field-order.sortable tr[draggable=true] { cursor: grab; }
form.field-order tr.dragging { opacity: .5; }
form.field-order td.moves { white-space: nowrap; }
form.field-order button.move { min-height: 2.75rem; padding: .4rem .8rem; margin: 0 .25rem 0 0; vertical-align: top; }
form.field-order td { vertical-align: middle; }
.option-row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto; gap: .5rem; align-items: end; }
.option-row label { margin-top: .5rem; }
`;
