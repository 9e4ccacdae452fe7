/**
 * Documents' face for what stands beneath them: the app's context, which holds the PDF renderer
 * every door's documents are made with, and a booking's commands, which run its documents' part
 * of its deletion. Through index.ts they would close an import circle: the context through the
 * documents' commands that take it (index → document-making → app-context), the booking's
 * commands through a signature's, which move the booking on (index → document-signing →
 * bookings → booking.commands).
 */
export { type PdfRenderer, pdfRenderer } from './pdf/pdf-renderer.js';
export { documentsGoWithBooking } from './document-deletion.js';
