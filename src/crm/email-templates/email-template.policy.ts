/** E-mail templates, the venue's words to its clients: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const EMAIL_TEMPLATE_ACTIONS = defineActions(
  'email_templates',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change e-mail templates.',
);
