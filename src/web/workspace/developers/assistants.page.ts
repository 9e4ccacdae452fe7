/**
 * Settings → Developers → Assistants (SPEC §16): the address to paste into an AI assistant, a
 * config block for a desktop assistant, and whether assistants that register themselves may be
 * granted this organization (on by default; off refuses their consent and their tokens here).
 */
import { html } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface AssistantsView {
  mcpUrl: string;
  selfRegistration: boolean;
  notice?: string | undefined;
}

export function assistantsPage(v: WorkspaceVisitor, view: AssistantsView): string {
  const action = orgPath(v, '/settings/developers/assistants');
  const config = JSON.stringify({ mcpServers: { marquee: { type: 'http', url: view.mcpUrl } } }, null, 2);
  const body = html`${settingsTabs(v, 'assistants')}<h1>Assistants</h1>
    ${noticeOf(
      {
        on: 'Assistants that register themselves may now be granted this organization.',
        off: 'Assistants that register themselves can no longer be granted this organization; those granted it stop working here.',
      },
      view.notice,
    )}
    <p>An AI assistant (Claude, ChatGPT, Cursor, Copilot and others that speak the Model Context Protocol) can work in Marquee as you: look up bookings, check availability, create leads, add notes and see what is owed, under the same rules as these pages. It signs you in here and asks for your consent; it never sees your password.</p>
    <h2>The address to paste into an assistant</h2>
    <p><code id="mcp-url">${view.mcpUrl}</code></p>
    <p>For a desktop assistant that reads a configuration file:</p>
    <pre><code>${config}</code></pre>
    <h2>Assistants that register themselves</h2>
    <p>
      Most assistants register themselves the first time they connect; the consent page then marks them as
      self-registered and not verified by the venue. Self-registration is
      <strong>${view.selfRegistration ? 'on' : 'off'}</strong> for ${v.organization.organizationName}.
    </p>
    <form method="post" action="${action}" class="record-form">
      ${csrfField(v.csrfToken)}
      <input type="hidden" name="self_registration" value="${view.selfRegistration ? 'off' : 'on'}" />
      <div class="actions">
        <button type="submit" class="${view.selfRegistration ? 'secondary' : ''}">
          ${view.selfRegistration ? 'Turn self-registration off' : 'Turn self-registration on'}
        </button>
      </div>
    </form>
    <p class="muted">Assistants you connected are listed under <a href="/settings/connected-apps">Connected apps</a>, where you can revoke them.</p>`;
  return workspacePage(v, { title: 'Assistants', section: 'settings', body });
}
