/**
 * The HTML part of an e-mail Marquee sends: one column of short paragraphs and at most one
 * button, laid out with tables and inline styles (what mail clients render alike; they drop
 * stylesheets and scripts), every value escaped. The text part says the same in plain words,
 * for clients that show no HTML. A line break inside a paragraph stays one (a letter's "Kind
 * regards," above its name).
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface HtmlMail {
  /** The heading at the top: who it is from. */
  sender: string;
  paragraphs: readonly string[];
  button?: { label: string; url: string } | undefined;
  /** Small print under the button. */
  notes: readonly string[];
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/** A link or a long name breaks anywhere rather than widen the mail past a 390 px phone. */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

export function htmlMail(mail: HtmlMail): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#1d2433;${WRAP}">${escape(text).replace(/\n/g, '<br>')}</p>`;
  const note = (text: string) =>
    `<p style="margin:0 0 8px;${FONT};font-size:13px;line-height:19px;color:#5f6b7a;${WRAP}">${escape(text)}</p>`;
  const button = mail.button
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:#243b63"><a href="${escape(mail.button.url)}" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escape(mail.button.label)}</a></td>
</tr></table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(mail.sender)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f3f5f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:24px 20px">
<p style="margin:0 0 24px;${FONT};font-size:20px;font-weight:700;color:#243b63">${escape(mail.sender)}</p>
${mail.paragraphs.map(paragraph).join('\n')}
${button}
${mail.notes.map(note).join('\n')}
</td></tr></table>
</td></tr></table>
</body></html>
`;
}
