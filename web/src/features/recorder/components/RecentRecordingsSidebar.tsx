import { useEffect, useMemo, useState } from 'react';
import { formatShortDuration } from '../../../../../shared/format/recording-metadata';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import type { LocalRecording } from '../model/local-recording';
import { recordingCountLabel, sidebarItems, type SidebarPeriod, type SpeciesIcon } from '../model/sidebar';
import styles from './Sidebar.module.css';

export const DELETE_CONFIRM = 'Delete this recording? This cannot be undone.';

const periods: Array<{ value: SidebarPeriod; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'all', label: 'All Time' },
];

const speciesGlyph: Record<SpeciesIcon, string> = {
  dog: '🐕',
  cat: '🐈',
  bird: '🐦',
  rabbit: '🐇',
  other: '🐾',
};

interface SidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recordings: LocalRecording[];
  processingIds: string[];
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element &&
    (element.tagName === 'INPUT' ||
      element.tagName === 'TEXTAREA' ||
      element.tagName === 'SELECT' ||
      element.isContentEditable),
  );
}

/** 'Recent Recordings': a 320 px left overlay toggled with 'h', closed with Escape. */
export function RecentRecordingsSidebar({
  open,
  onOpenChange,
  recordings,
  processingIds,
  onSelect,
  onDelete,
}: SidebarProps) {
  const [query, setQuery] = useState('');
  const [period, setPeriod] = useState<SidebarPeriod>('all');
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) onOpenChange(false);
      else if (
        event.key.toLowerCase() === 'h' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTyping(event.target)
      ) {
        onOpenChange(!open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  const items = useMemo(
    () =>
      sidebarItems(recordings, { query, period, now: new Date(), processingId: processingIds[0] ?? null }),
    [recordings, query, period, processingIds],
  );

  return (
    <>
      <div className={styles.edge} onMouseEnter={() => onOpenChange(true)} aria-hidden="true">
        <span className={styles.edgeHint}>History</span>
      </div>
      {open && <div className={styles.scrim} onClick={() => onOpenChange(false)} aria-hidden="true" />}
      <aside
        className={`${styles.sidebar} ${open ? styles.open : ''}`}
        aria-label="Recent Recordings"
        aria-hidden={!open}
        data-testid="recent-sidebar"
      >
        <div className={styles.head}>
          <h2>Recent Recordings</h2>
          <button
            type="button"
            className={styles.close}
            onClick={() => onOpenChange(false)}
            aria-label="Close"
          >
            ×
          </button>
        </div>
        <input
          className={styles.search}
          type="search"
          placeholder="Search patient name..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          tabIndex={open ? 0 : -1}
        />
        <div className={styles.periods} role="group" aria-label="Period">
          {periods.map((option) => (
            <button
              key={option.value}
              type="button"
              className={option.value === period ? styles.activePeriod : undefined}
              aria-pressed={option.value === period}
              onClick={() => setPeriod(option.value)}
              tabIndex={open ? 0 : -1}
            >
              {option.label}
            </button>
          ))}
        </div>
        <ul className={styles.items}>
          {items.length === 0 && (
            <li className={styles.empty}>
              <p>No recordings found</p>
              {query.trim() && <p>Try a different search term</p>}
            </li>
          )}
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <button
                type="button"
                className={styles.itemMain}
                onClick={() => {
                  onSelect(item.id);
                  onOpenChange(false);
                }}
                tabIndex={open ? 0 : -1}
              >
                <span className={styles.itemTop}>
                  <strong>{item.patientName}</strong>
                  <span className={styles.status} data-status={item.status}>
                    {item.status}
                  </span>
                </span>
                <span className={styles.itemMeta}>
                  <span aria-hidden="true">{speciesGlyph[item.speciesIcon]}</span>
                  {item.species && <span>{item.species}</span>}
                  <span>{formatShortDuration(item.durationSeconds)}</span>
                  <span>{item.relativeTime}</span>
                </span>
                <span className={styles.preview}>{item.preview}</span>
              </button>
              <span className={styles.quick}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    onSelect(item.id);
                    onOpenChange(false);
                  }}
                  tabIndex={open ? 0 : -1}
                >
                  View
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setPendingDelete(item.id)}
                  tabIndex={open ? 0 : -1}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.footer}>{recordingCountLabel(items.length)}</p>
      </aside>
      <Dialog
        open={pendingDelete !== null}
        onOpenChange={(next) => !next && setPendingDelete(null)}
        title="Delete recording"
        description={DELETE_CONFIRM}
        hideCloseButton
        footer={
          <>
            <Button variant="secondary" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (pendingDelete) onDelete(pendingDelete);
                setPendingDelete(null);
              }}
            >
              Delete
            </Button>
          </>
        }
      />
    </>
  );
}
