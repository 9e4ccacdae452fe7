/**
 * An integration's own webhook endpoints (SPEC §8): any credential that may read manages them
 * (the deliveries carry only what it may read), and the organization's admins may turn one off or
 * delete it from the integration's settings page.
 */
import { defineActions } from '../policy/action.js';

export const WEBHOOK_ENDPOINT_ACTIONS = defineActions('webhook_endpoints', {
  create: {},
  update: {},
  rotate_secret: {},
  delete: {},
});
