/**
 * Events' face for what the events' own commands and rules stand on — the spaces' rules and
 * their change's clash check, a booking's first event: the setup styles, the row, and the
 * double-booking check's holdings and occupancy, without the commands. Through index.ts they
 * would close an import circle with the commands and rules that reach them (index → event-rules
 * → spaces → index; index → event.commands → bookings/beneath → first-event → index).
 */
export { SETUP_STYLES, type SetupStyle } from './event.table.js';
export type { Event as EventRow } from './event.table.js';
export {
  type Holding,
  holdingOf,
  type SpaceChange,
  type SpaceClash,
  SpaceConflictError,
} from './event-clash.js';
export { clashingSpaces, type SpaceShape } from './occupancy.js';
