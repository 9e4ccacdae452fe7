/** Private calendar feeds (SPEC §11): every staff member makes and revokes their own. */
import { defineActions } from '../policy/action.js';

export const CALENDAR_FEED_ACTIONS = defineActions(
  'calendar_feeds',
  { create: { code: 'not_allowed' }, revoke: { code: 'not_allowed' } },
  'Only the venue’s staff have calendar feeds.',
);
