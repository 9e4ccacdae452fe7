/**
 * An attachment's name in its Content-Disposition header: a plain ASCII fallback and the full name
 * percent-encoded, cut at 200 characters without splitting a character (an emoji at the cut, or a
 * lone surrogate in the name, never makes the download fail), and nothing that ends the header.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { attachmentDisposition } from '../../src/crm/messages/attachment-download.js';

it('names an ordinary attachment twice: ASCII, and in full', () => {
  assert.equal(
    attachmentDisposition('Menü "final"; v2.pdf'),
    `attachment; filename="Men_ _final__ v2.pdf"; filename*=UTF-8''Men%C3%BC%20%22final%22%3B%20v2.pdf`,
  );
});

it('cuts a long name by characters, never inside an emoji, and replaces a lone surrogate', () => {
  const long = `${'a'.repeat(199)}😀😀.pdf`;
  const header = attachmentDisposition(long);
  assert.match(header, new RegExp(`filename\\*=UTF-8''${'a'.repeat(199)}%F0%9F%98%80$`));
  assert.match(attachmentDisposition('odd\uD800name.pdf'), /filename\*=UTF-8''odd%EF%BF%BDname\.pdf$/);
  assert.doesNotMatch(attachmentDisposition('a\r\nSet-Cookie: x=1.pdf'), /[\r\n]/);
});
