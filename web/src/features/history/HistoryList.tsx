import { useQuery } from '@tanstack/react-query';
import type { RecordingListResponse } from '#shared/schemas/recordings';
import { HistoryIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { emptyHint, historyQueryKey, showPagination } from './history-model';
import { RecordingCard } from './RecordingCard';
import styles from './History.module.css';

/** The list under the search box: a page of history, or the search results. */
export function HistoryList({
  term,
  page,
  cursor,
  onPageChange,
  onOpen,
}: {
  term: string;
  page: number;
  /** Where this page starts (the previous page's nextCursor), when reached with Next. */
  cursor?: string | null;
  /** `cursor`: where the new page starts, known when moving forward. */
  onPageChange: (page: number, cursor?: string | null) => void;
  onOpen: (id: string) => void;
}) {
  const query = useQuery<RecordingListResponse>({ queryKey: historyQueryKey(term, page, cursor) });
  if (query.isPending) {
    return (
      <p className={styles.status} role="status">
        <Spinner /> Loading recordings...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.error} role="alert">
        {query.error.message}
      </p>
    );
  }
  const recordings = query.data.recordings;
  return (
    <>
      {recordings.length === 0 ? (
        <Card>
          <div className={styles.empty} data-testid="history-empty">
            <span className={styles.emptyIcon}>
              <HistoryIcon size={30} />
            </span>
            <p className={styles.emptyTitle}>No recordings found</p>
            <p>{emptyHint(term)}</p>
          </div>
        </Card>
      ) : (
        <ul className={styles.list} aria-label="Recordings">
          {recordings.map((recording) => (
            <li key={recording.id}>
              <RecordingCard recording={recording} onOpen={() => onOpen(recording.id)} />
            </li>
          ))}
        </ul>
      )}
      {showPagination(term, page, recordings.length) && (
        <nav className={styles.pager} aria-label="Pages">
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <span aria-current="page">Page {page + 1}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={recordings.length < 20}
            onClick={() => onPageChange(page + 1, query.data.nextCursor)}
          >
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
