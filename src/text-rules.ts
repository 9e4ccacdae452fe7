/**
 * The characters stored text may not hold (SPEC §7), shared by every door that takes names:
 * control characters (tab aside), line breaks where one line is wanted, and in a name the
 * bidirectional controls that make it read otherwise than it is stored ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- the characters this rule is about
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const LINE_BREAK = /[\n\r\u2028\u2029]/;
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
