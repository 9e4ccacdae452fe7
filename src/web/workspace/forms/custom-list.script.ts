/**
 * The script of the lists' custom-field filter (custom-list.view.ts), served from /assets under a
 * name that changes with its text, as Settings → Custom fields' is: the Content-Security-Policy
 * allows scripts from the site itself and nothing inline. Without it a field's choices come by
 * "Offer its choices" (the form drawn again for the field picked, nothing applied); with it that
 * button is hidden and the value's control is swapped as soon as a field is picked: the field's
 * choices (a select's options, yes and no) from the form's inert templates, or a text box.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

export const CUSTOM_LIST_SCRIPT = `(function () {
  Array.prototype.forEach.call(document.querySelectorAll('form[data-custom-list]'), function (form) {
    var field = form.querySelector('select[name="cf"]');
    if (!field) return;
    var pick = form.querySelector('button[name="pick"]');
    if (pick) pick.hidden = true;
    var templates = Array.prototype.slice.call(form.querySelectorAll('template[data-cf-choices]'));
    function templateOf(name) {
      var found = null;
      templates.forEach(function (t) { if (t.getAttribute('data-cf-choices') === name) found = t; });
      return found;
    }
    field.addEventListener('change', function () {
      var current = form.querySelector('[name="value"]');
      var template = templateOf(field.value) || templateOf('');
      if (!current || !template) return;
      var next = template.content.firstElementChild.cloneNode(true);
      if (current.tagName === 'INPUT' && next.tagName === 'INPUT') return;
      ['id', 'aria-describedby'].forEach(function (name) {
        var given = current.getAttribute(name);
        if (given !== null) next.setAttribute(name, given);
      });
      current.parentNode.replaceChild(next, current);
    });
  });
})();
`;

export const CUSTOM_LIST_SCRIPT_PATH = `/assets/custom-list-${createHash('sha256').update(CUSTOM_LIST_SCRIPT).digest('hex').slice(0, 10)}.js`;

export const customListScriptRoute: FastifyPluginAsync = async (app) => {
  app.get(CUSTOM_LIST_SCRIPT_PATH, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type('text/javascript; charset=utf-8').send(CUSTOM_LIST_SCRIPT);
  });
};
