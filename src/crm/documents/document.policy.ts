/**
 * Documents (SPEC §13): any member makes, sends, issues and voids them (voiding a signed or issued
 * one, which binds the venue, needs `documents.void_binding` too: an admin's, document-rules.ts); a client's link signs its own proposal, which
 * confirms the booking; the documents' settings are the admins'.
 */
import { defineActions } from '../../policy/action.js';
import { BOOKING_ACTIONS } from '../bookings/beneath.js';

export const DOCUMENT_ACTIONS = defineActions('documents', {
  create: {},
  delete: {},
  send: {},
  issue: {},
  void: {},
  void_binding: {},
  revoke_link: {},
  sign: {
    refused: 'A proposal is accepted by its client, through the link they were sent.',
    code: 'client_only',
    entails: [BOOKING_ACTIONS.update],
  },
});

export const DOCUMENT_SETTINGS_ACTIONS = defineActions(
  'document_settings',
  { save_templates: {}, restore_templates: {}, save_venue_address: {}, save_logo: {} },
  'Only organization admins may change the documents’ settings.',
);
