/** The conversation with clients (SPEC §17): the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';
import { LEAD_ACTIONS } from '../leads/index.js';

const REFUSED = 'You may not change messages.';

const FILING = defineActions(
  'messages',
  {
    receive: { refused: 'Only the venue’s mailbox files the mail it reads.', code: 'mailbox_only' },
    update: {},
    draft: {},
    send: {},
    read: {},
  },
  REFUSED,
);

export const MESSAGE_ACTIONS = Object.freeze({
  ...FILING,
  // A lead made of a message in the Inbox (the §14 path) and the message filed on it, at once.
  ...defineActions('messages', { make_lead: { entails: [LEAD_ACTIONS.create, FILING.update] } }, REFUSED),
});
