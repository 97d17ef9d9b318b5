import { useEffect, useState } from 'react';
import { Input } from '../components/ui/Field';
import { PageTitle } from '../components/ui/PageTitle';
import { HistoryList } from '../features/history/HistoryList';
import { RecordingDetailsDialog } from '../features/history/RecordingDetailsDialog';
import styles from '../features/history/History.module.css';

/** Waits for a pause in typing so each keystroke does not fire a search. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Recording history (/history, spec section 2). */
export function HistoryPage() {
  const [search, setSearch] = useState('');
  const term = useDebounced(search, 300);
  const [page, setPage] = useState(0);
  // cursors[n]: where page n starts, learnt when Next was pressed on page n-1 (keyset paging, issue 19).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const changePage = (next: number, cursor?: string | null) => {
    if (cursor !== undefined) setCursors((known) => [...known.slice(0, next), cursor]);
    setPage(next);
  };
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <PageTitle title="Recording History" />
      <div className={styles.search}>
        <Input
          type="search"
          aria-label="Search recordings"
          placeholder="Search by patient name, client, or species..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <HistoryList
        term={term}
        page={page}
        cursor={cursors[page] ?? null}
        onPageChange={changePage}
        onOpen={setOpenId}
      />
      <RecordingDetailsDialog recordingId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
