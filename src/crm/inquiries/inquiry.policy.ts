/** An inquiry from the venue's public form (SPEC §14): it makes a lead, and nothing else. */
import { defineActions } from '../../policy/action.js';
import { LEAD_ACTIONS } from '../leads/index.js';

export const INQUIRY_ACTIONS = defineActions('inquiries', { take: { entails: [LEAD_ACTIONS.create] } });
