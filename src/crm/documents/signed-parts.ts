/**
 * The parts of a booking a client agrees to by signing its proposal, and what a signed proposal
 * keeps of them (signed-state.ts makes it; the codec reads it back from `signed_state`).
 */
export const SIGNED_PARTS = ['events', 'lines', 'totals', 'schedule'] as const;
export type SignedPart = (typeof SIGNED_PARTS)[number];

/** SHA-256 (hex) of each part, as it was when the proposal was signed. */
export type SignedState = Readonly<Record<SignedPart, string>>;
