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
  created_at: string;
  updated_at: string;
}
