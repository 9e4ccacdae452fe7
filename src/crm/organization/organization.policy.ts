/** The organization's settings (SPEC §12, §13, §16): its admins change them. */
import { defineActions } from '../../policy/action.js';

export const ORGANIZATION_ACTIONS = defineActions(
  'organization',
  { update: {}, set_mail_from: {}, set_assistant_registration: {}, send_test_mail: {}, send_mail_again: {} },
  "Only the organization's admins may change its settings.",
);
