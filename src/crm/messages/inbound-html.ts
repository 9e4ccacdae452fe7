/**
 * The HTML of a message someone outside the venue wrote (SPEC §17), made safe to keep and show:
 * through sanitize-html, keeping text structure, tables and links (http, https and mailto only,
 * opened apart from Marquee), and dropping scripts, event handlers, styles, forms, frames and
 * every image or other remote reference, so opening a message never tells its sender it was read.
 */
import sanitizeHtml from 'sanitize-html';

const TAGS = sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img');

export function cleanInboundHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align', 'scope'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  }).trim();
}
