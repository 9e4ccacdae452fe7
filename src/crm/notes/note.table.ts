export const NOTABLE_TYPES = ['bookings', 'events', 'accounts', 'contacts'] as const;
export type NotableType = (typeof NOTABLE_TYPES)[number];

export interface NoteTable {
  id: string;
  organization_id: string;
  notable_type: NotableType;
  notable_id: string;
  /** The user who wrote it; null once that user is deleted. */
  author_id: string | null;
  body: string;
  /** 1 when it prints on the banquet event orders of its booking (or of its event). */
  for_beo: number;
  created_at: string;
  updated_at: string;
}
