/**
 * What an attachment is, by its bytes (SPEC §17): the type its sender declared when the bytes
 * bear it out; else, and for anything that runs (a Windows or Linux program, a script),
 * application/octet-stream. Served as downloads either way.
 */

const OCTET = 'application/octet-stream';

const SIGNATURES: ReadonlyArray<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Zip containers: Office documents are zips too, so a declared one of these is believed of a zip. */
const ZIP_TYPES = new Set([
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/calendar']);

function executable(b: Buffer): boolean {
  const head = b.subarray(0, 4).toString('latin1');
  return (
    head.startsWith('MZ') ||
    head === '\x7fELF' ||
    head.startsWith('#!') ||
    b.readUInt32BE(0) === 0xcafebabe ||
    b.readUInt32LE(0) === 0xfeedfacf
  );
}

function isUtf8Text(b: Buffer): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 64 * 1024));
    return true;
  } catch {
    return false;
  }
}

/** The content type to keep and serve for these bytes, declared as `declared`. */
export function attachmentType(declared: string, bytes: Buffer): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (bytes.length >= 4 && executable(bytes)) return OCTET;
  const shown = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes))?.type;
  if (shown) return shown === type || (type === 'image/jpg' && shown === 'image/jpeg') ? shown : OCTET;
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (zip) return ZIP_TYPES.has(type) ? type : OCTET;
  if (TEXT_TYPES.has(type) && isUtf8Text(bytes)) return type;
  return OCTET;
}
