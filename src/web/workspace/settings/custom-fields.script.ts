/**
 * The one script of Settings → Custom fields, served from /assets under a name that changes with
 * its text (so it may be cached for good), as the stylesheet is: the Content-Security-Policy
 * allows scripts from the site itself and nothing inline. Without it the page works the same
 * way, by the position numbers; with it a row may be dragged, or moved with its Up and Down
 * buttons from the keyboard, and the numbers follow. Nothing is saved until Save the order.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

export const FIELD_ORDER_SCRIPT = `(function () {
  var form = document.getElementById('field-order');
  if (!form) return;
  var body = form.querySelector('tbody');
  var said = document.getElementById('field-order-said');
  if (!body) return;
  form.classList.add('sortable');
  var rows = function () { return Array.prototype.slice.call(body.querySelectorAll('tr[data-id]')); };
  function renumber(moved) {
    rows().forEach(function (row, i) { row.querySelector('input.position').value = String(i + 1); });
    if (moved && said) {
      said.textContent = moved.getAttribute('data-label') + ' moved to position ' + (rows().indexOf(moved) + 1) + '. Save the order to keep it.';
    }
  }
  function button(row, label, direction) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'secondary move';
    b.textContent = direction === 'up' ? 'Up' : 'Down';
    b.setAttribute('aria-label', 'Move ' + row.getAttribute('data-label') + ' ' + direction);
    b.addEventListener('click', function () {
      var other = direction === 'up' ? row.previousElementSibling : row.nextElementSibling;
      if (!other) return;
      body.insertBefore(row, direction === 'up' ? other : other.nextElementSibling);
      renumber(row);
      b.focus();
    });
    return b;
  }
  var dragged = null;
  rows().forEach(function (row) {
    row.draggable = true;
    var cell = row.querySelector('td.moves');
    if (cell) { cell.appendChild(button(row, 'Up', 'up')); cell.appendChild(button(row, 'Down', 'down')); }
    row.addEventListener('dragstart', function (e) {
      dragged = row;
      row.classList.add('dragging');
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', row.getAttribute('data-id'));
    });
    row.addEventListener('dragend', function () {
      row.classList.remove('dragging');
      if (dragged) renumber(dragged);
      dragged = null;
    });
    row.addEventListener('dragover', function (e) {
      if (!dragged || dragged === row) return;
      e.preventDefault();
      var box = row.getBoundingClientRect();
      var after = e.clientY > box.top + box.height / 2;
      body.insertBefore(dragged, after ? row.nextElementSibling : row);
    });
    row.addEventListener('drop', function (e) { e.preventDefault(); });
  });
})();
`;

export const FIELD_ORDER_SCRIPT_PATH = `/assets/field-order-${createHash('sha256').update(FIELD_ORDER_SCRIPT).digest('hex').slice(0, 10)}.js`;

export const fieldOrderScriptRoute: FastifyPluginAsync = async (app) => {
  app.get(FIELD_ORDER_SCRIPT_PATH, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type('text/javascript; charset=utf-8').send(FIELD_ORDER_SCRIPT);
  });
};
