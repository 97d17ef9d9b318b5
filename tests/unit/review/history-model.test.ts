import { describe, expect, it } from 'vitest';
import {
  cardDate,
  emptyHint,
  historyQueryKey,
  showPagination,
} from '../../../web/src/features/history/history-model.js';

describe('history list rules', () => {
  it('pages history 20 at a time and searches only for a non-empty term', () => {
    expect(historyQueryKey('', 2)).toEqual(['/api/recordings/history', { limit: 20, offset: 40 }]);
    expect(historyQueryKey('  ', 0)).toEqual(['/api/recordings/history', { limit: 20, offset: 0 }]);
    expect(historyQueryKey(' Bessie ', 3)).toEqual(['/api/recordings/search', { q: 'Bessie' }]);
  });

  it("pages on with the previous page's cursor when Next gave one, else by offset", () => {
    expect(historyQueryKey('', 2, 'abc')).toEqual(['/api/recordings/history', { limit: 20, cursor: 'abc' }]);
    expect(historyQueryKey('', 2, null)).toEqual(['/api/recordings/history', { limit: 20, offset: 40 }]);
    expect(historyQueryKey('', 0, 'abc')).toEqual(['/api/recordings/history', { limit: 20, offset: 0 }]);
    expect(historyQueryKey('kat', 2, 'abc')).toEqual(['/api/recordings/search', { q: 'kat' }]);
  });

  it('shows pagination only when not searching and a full page exists', () => {
    expect(showPagination('', 0, 20)).toBe(true);
    expect(showPagination('', 0, 19)).toBe(false);
    expect(showPagination('', 1, 3)).toBe(true); // the last page still offers Previous
    expect(showPagination('cow', 0, 20)).toBe(false);
  });

  it('words the empty state by whether a search ran', () => {
    expect(emptyHint('x')).toBe('Try a different search term');
    expect(emptyHint('')).toBe('Start recording consultations to see them here');
  });

  it("formats card dates as 'MMM dd, yyyy' and HH:mm", () => {
    const iso = new Date(2025, 2, 1, 8, 5).toISOString();
    expect(cardDate(iso)).toEqual({ date: 'Mar 01, 2025', time: '08:05' });
  });
});
