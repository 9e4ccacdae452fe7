/**
 * Spaces, the rooms of a venue (SPEC §7, §11, §15): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands and the queries. The row type never leaves this folder.
 */
export { SPACE_FIELDS } from './space.fields.js';
export { type Space, type SpaceChanges, spaceCodec } from './space.value.js';
export { SPACE_ACTIONS } from './space.policy.js';
export { createSpace, deleteSpace, type SpaceInput, spaceProblems, updateSpace } from './space.commands.js';
export { findSpace, listSpaces, offeredSpaces } from './space.reads.js';
export { namesOfSpaces, roomNames, type SpaceNames, spaceNamesOf } from './space-names.js';
export { spaceDefinition } from './space.resource.js';
export { archivedProblem } from './space-rules.js';
