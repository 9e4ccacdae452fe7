/**
 * Documents (SPEC §13): the face the doors use, begun (docs/decisions/0017-faces-codecs-and-fields.md).
 * So far it holds their policy, which the pages ask what to offer, and their codec; the rest of
 * the kind is still reached through its files until it moves here.
 */
export { DOCUMENT_ACTIONS, DOCUMENT_SETTINGS_ACTIONS } from './document.policy.js';
export { documentCodec, type DocumentValue } from './document.codec.js';
