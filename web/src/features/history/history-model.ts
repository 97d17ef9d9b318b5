import { format } from 'date-fns';
import type { RecordingCardView } from '#shared/schemas/recordings';

/** History page size (spec section 9). */
export const HISTORY_PAGE_SIZE = 20;

export const HISTORY_PATH = '/api/recordings/history';
export const SEARCH_PATH = '/api/recordings/search';

/**
 * The query key of the list: history pages when not searching, the search otherwise (only for a non-empty
 * term). A page reached with Next carries the previous page's nextCursor (keyset paging, issue 19: as fast
 * on page 500 as on page 1); without one, the spec's offset.
 */
export function historyQueryKey(
  term: string,
  page: number,
  cursor?: string | null,
): readonly [string, Record<string, string | number>] {
  const q = term.trim();
  if (q !== '') return [SEARCH_PATH, { q }];
  if (page > 0 && cursor) return [HISTORY_PATH, { limit: HISTORY_PAGE_SIZE, cursor }];
  return [HISTORY_PATH, { limit: HISTORY_PAGE_SIZE, offset: page * HISTORY_PAGE_SIZE }];
}

/** Previous/Next and 'Page N' only when not searching and a full page exists (spec section 2). */
export function showPagination(term: string, page: number, count: number): boolean {
  if (term.trim() !== '') return false;
  return count >= HISTORY_PAGE_SIZE || page > 0;
}

export function emptyHint(term: string): string {
  return term.trim() !== ''
    ? 'Try a different search term'
    : 'Start recording consultations to see them here';
}

/** 'MMM dd, yyyy' and 'HH:mm' in the device's time zone (spec section 2). */
export function cardDate(iso: string): { date: string; time: string } {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return { date: '', time: '' };
  return { date: format(when, 'MMM dd, yyyy'), time: format(when, 'HH:mm') };
}

export type HistoryRecording = RecordingCardView;
