/**
 * A save over a newer change (the record's version moved on since the form was drawn): nothing is
 * written, the form comes back with what was typed and the current version, and this notice says
 * which fields are saved otherwise than typed. Saving again applies what was typed.
 */
import { html, type SafeHtml } from '../../html.js';

type Values = Readonly<Record<string, string | readonly string[]>>;

export function staleNotice(
  saved: Values,
  typed: Values,
  labels: Readonly<Record<string, string>>,
  describe: (field: string, value: string | readonly string[]) => string = (_field, value) =>
    [value].flat().join(', '),
): SafeHtml {
  const differ = Object.keys(labels).filter(
    (field) => JSON.stringify([saved[field] ?? ''].flat()) !== JSON.stringify([typed[field] ?? ''].flat()),
  );
  return html`<div class="error-summary" role="alert" aria-labelledby="stale-title">
    <h2 id="stale-title">This changed while you were looking at it</h2>
    <p>Someone saved a change after you opened this form, so nothing of yours was saved. What you typed is still in the form below.</p>
    ${
      differ.length > 0
        ? html`<p>Saved now, where it differs from what you typed:</p><ul>${differ.map(
            (field) =>
              html`<li>${labels[field]}: ${describe(field, saved[field] ?? '') || html`<span class="muted">empty</span>`}</li>`,
          )}</ul>`
        : ''
    }
    <p>Save again to apply what you typed.</p>
  </div>`;
}
