/**
 * Events' face for what the events' own commands stand on — a booking's first event: the row and
 * the setup styles, without the commands. Through index.ts it would close an import circle with
 * the commands that reach it (index → event.commands → bookings/beneath → first-event → index).
 */
export { SETUP_STYLES, type SetupStyle } from './event.table.js';
export type { Event as EventRow } from './event.table.js';
