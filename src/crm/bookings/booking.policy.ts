/** Bookings: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';
import { ACCOUNT_ACTIONS } from '../accounts/index.js';
import { CONTACT_ACTIONS } from '../contacts/index.js';

const BASIC = defineActions('bookings', { create: {}, update: {}, delete: {} });

export const BOOKING_ACTIONS = {
  ...BASIC,
  ...defineActions('bookings', {
    /** A booking with a new account and contact made beside it (the workspace's form). */
    create_with_parties: { entails: [ACCOUNT_ACTIONS.create, CONTACT_ACTIONS.create, BASIC.create] },
  }),
};
