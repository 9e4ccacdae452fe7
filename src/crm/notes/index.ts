/**
 * Notes (SPEC §5): the face the doors use, begun (docs/decisions/0017-faces-codecs-and-fields.md).
 * So far it holds the notes' policy, which the pages ask what to offer; the rest of the kind is
 * still reached through its files until it moves here.
 */
export { forBeoOf } from './note.codec.js';
export { NOTE_ACTIONS } from './note.policy.js';
