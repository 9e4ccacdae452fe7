/** Leads (SPEC §14): a lead makes its account, contact, booking and note in its own unit of work. */
import { defineActions } from '../../policy/action.js';
import { ACCOUNT_ACTIONS } from '../accounts/index.js';
import { BOOKING_ACTIONS } from '../bookings/index.js';
import { CONTACT_ACTIONS } from '../contacts/index.js';
import { NOTE_ACTIONS } from '../notes/index.js';

export const LEAD_ACTIONS = defineActions('leads', {
  create: {
    entails: [ACCOUNT_ACTIONS.create, CONTACT_ACTIONS.create, BOOKING_ACTIONS.create, NOTE_ACTIONS.create],
  },
});
