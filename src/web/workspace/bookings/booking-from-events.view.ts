/** What a booking's several events give it, on its edit form: read-only, with the way to them. */
import { html, type SafeHtml } from '../../html.js';
import type { FieldErrors } from '../forms/form-fields.js';

/** The times, spaces and guests a booking's events give it, as its page says them. */
export interface FromEvents {
  count: number;
  when: string;
  spaces: string;
  guests: string;
  /** Its page's list of events. */
  href: string;
}

/**
 * What several events give a booking: read, not typed, with the way to its events. A form drawn
 * while it had one event may have changed them: what was refused is said under each.
 */
export function fromEventsFacts(from: FromEvents, errors: FieldErrors): SafeHtml {
  const fact = (field: string, label: string, value: string) => {
    const error = errors[field];
    const described = error ? html` aria-describedby="field-${field}-error" tabindex="-1"` : '';
    return html`<div id="field-${field}"${described}><dt>${label}</dt><dd>${value || html`<span class="muted">—</span>`}${error ? html`<p class="field-error" id="field-${field}-error">${error}</p>` : ''}</dd></div>`;
  };
  return html`<dl class="facts">
      ${fact('start_at', 'When', from.when)}${fact('spaces', 'Spaces', from.spaces)}${fact('guest_count', 'Guests', from.guests)}
    </dl>
    <p class="hint">These come from its ${from.count} events. <a href="${from.href}">Change them on its events</a></p>`;
}
