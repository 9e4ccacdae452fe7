/**
 * An Inbox card's excerpt (SPEC §17): the first lines the sender wrote, without the quoted history
 * or blank lines, and with the lines their mail program wrapped at its width joined again, so the
 * text wraps to the page on a 390 px phone instead of breaking mid-sentence; lines the writer
 * ended (a greeting, a signature) stay lines.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { firstLines } from '../../src/web/workspace/inbox/inbox-message.view.js';

it('joins the lines a mail program wrapped, and keeps the lines the writer ended', () => {
  const text = [
    'Hello,',
    '',
    "I plan Amelia Hart's wedding with you on 19 June. When can our florist",
    'come in to dress the terrace, and is there water nearby?',
    '',
    'Sam Reyes',
    'Reyes Planning',
  ].join('\r\n');
  assert.equal(
    firstLines(text),
    "Hello,\nI plan Amelia Hart's wedding with you on 19 June. When can our florist come in to dress the terrace, and is there water nearby?\nSam Reyes\nReyes Planning",
  );
});

it('stops at the quoted history, and shows four of the writer’s lines at most', () => {
  const wrapped = 'We are planning an away day in September for the whole of the team, and';
  assert.equal(
    firstLines(
      `${wrapped}\nwould like a room for 60.\n\nOn Mon, 30 Nov 2026, Harbour Rooms wrote:\n> Here is the menu`,
    ),
    `${wrapped} would like a room for 60.`,
  );
  assert.equal(firstLines('One\nTwo\nThree\nFour\nFive'), 'One\nTwo\nThree\nFour');
});
