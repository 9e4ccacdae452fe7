/** The conversation with clients (SPEC §17): the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const MESSAGE_ACTIONS = defineActions(
  'messages',
  {
    receive: { refused: 'Only the venue’s mailbox files the mail it reads.', code: 'mailbox_only' },
    update: {},
    draft: {},
    send: {},
    read: {},
  },
  'You may not change messages.',
);
