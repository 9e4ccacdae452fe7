/** How a document's PDF looks: its few colours, and the styles its parts name. */
export const INK = '#1d2433';
export const MUTED = '#5f6b7a';
export const RULE = '#d5dae1';
export const ACCENT = '#243b63';

export const PDF_STYLES = {
  venueName: { fontSize: 18, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
  venueLine: { fontSize: 8.5, color: MUTED },
  docTitle: { fontSize: 20, bold: true, color: ACCENT, characterSpacing: 1.5, margin: [0, 0, 0, 6] },
  metaValue: { fontSize: 9, bold: true },
  label: { fontSize: 7.5, color: MUTED, bold: true, characterSpacing: 0.4 },
  recipientName: { fontSize: 11, bold: true, margin: [0, 2, 0, 1] },
  subtitle: { fontSize: 16, bold: true, margin: [0, 0, 0, 10] },
  sectionHeading: { fontSize: 12.5, bold: true, color: ACCENT, margin: [0, 14, 0, 8] },
  termsHeading: { fontSize: 10, bold: true, margin: [0, 6, 0, 3] },
  caption: { fontSize: 10, bold: true, margin: [0, 4, 0, 4] },
  body: { fontSize: 9.5 },
  detail: { fontSize: 8, color: MUTED },
  note: { fontSize: 8.5, color: MUTED, italics: true },
  tableHead: { fontSize: 7.5, bold: true, color: MUTED, characterSpacing: 0.4 },
  groupHead: { fontSize: 7.5, bold: true, color: ACCENT, characterSpacing: 0.6, margin: [0, 2, 0, 3] },
  footLabel: { fontSize: 9, color: MUTED },
  footValue: { fontSize: 9.5, bold: true },
  grandLabel: { fontSize: 11, bold: true },
  grandValue: { fontSize: 11, bold: true },
  signatureName: { fontSize: 22, italics: true, margin: [0, 10, 0, 0] },
  footer: { fontSize: 7.5, color: MUTED },
};
