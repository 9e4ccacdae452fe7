/**
 * What the Conversation folds away of a message's text: the quoted history a mail program adds
 * ("> " lines after an "On … wrote:" line, even wrapped over two lines; an Outlook "Original
 * Message" block) and the signature after "-- "; answers written between quoted lines stay.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { foldText } from '../../src/web/workspace/messages/quoted-text.js';

it('folds an "On … wrote:" block and the quoted lines under it', () => {
  const text = [
    'Perfect, see you then.',
    '',
    'On Wed, 2 Dec 2026 at 09:00, Harbour Rooms <',
    'events@harbour.example> wrote:',
    '> Saturday at 11 is booked for your tasting.',
    '>',
    '> Harbour Rooms',
  ].join('\n');
  const folded = foldText(text);
  assert.equal(folded.shown, 'Perfect, see you then.');
  assert.match(folded.folded, /^On Wed, 2 Dec 2026 at 09:00/);
  assert.match(folded.folded, /> Saturday at 11/);
});

it('folds a signature, and quoted lines with no header at the end', () => {
  assert.deepEqual(foldText('Two vegetarians.\n\n-- \nDaniel Reyes\n+44 7700 900123'), {
    shown: 'Two vegetarians.',
    folded: '-- \nDaniel Reyes\n+44 7700 900123',
  });
  assert.deepEqual(foldText('Yes please.\n\n> Shall we hold the terrace?\n> \n> Harbour Rooms\n'), {
    shown: 'Yes please.',
    folded: '> Shall we hold the terrace?\n> \n> Harbour Rooms',
  });
  assert.equal(foldText('Fine.\r\n\r\n-----Original Message-----\r\nFrom: Harbour Rooms').shown, 'Fine.');
});

it('keeps answers between quoted lines, and a message that is all quotation, as written', () => {
  const inline = '> Guests?\n90 in all.\n> Menu?\nThe fish.';
  assert.deepEqual(foldText(inline), { shown: inline, folded: '' });
  assert.deepEqual(foldText('> only a quotation'), { shown: '> only a quotation', folded: '' });
  assert.deepEqual(foldText('On Saturday we arrive at noon.\nThanks'), {
    shown: 'On Saturday we arrive at noon.\nThanks',
    folded: '',
  });
});

it('folds a quoted history of 200,000 lines in one pass, keeping an answer between quotes', () => {
  // Quadratic folding would check every later line for each quoted one: minutes, past the test's timeout.
  const history = Array.from({ length: 200_000 }, () => '> a').join('\n');
  const folded = foldText(`Thanks!\n${history}`);
  assert.equal(folded.shown, 'Thanks!');
  assert.equal(folded.folded.length, history.length);
  const answered = foldText(`> Can you do Saturday?\nYes.\n${history}\nSee you then.`);
  assert.equal(answered.shown, `> Can you do Saturday?\nYes.\n${history}\nSee you then.`);
});
