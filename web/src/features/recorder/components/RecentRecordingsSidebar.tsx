import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatShortDuration } from '#shared/format/recording-metadata';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { BirdIcon, CatIcon, DogIcon, PawIcon, RabbitIcon } from '../../../components/icons';
import type { ConnectionInfo } from '../../../data/connection';
import type { LocalRecording } from '../../../data/local-recording';
import { recordingCountLabel, sidebarItems, type SidebarPeriod, type SpeciesIcon } from '../model/sidebar';
import styles from './Sidebar.module.css';

export const DELETE_CONFIRM = 'Delete this recording? This cannot be undone.';

const periods: Array<{ value: SidebarPeriod; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'all', label: 'All Time' },
];

const speciesGlyph: Record<SpeciesIcon, ReactNode> = {
  dog: <DogIcon size={16} />,
  cat: <CatIcon size={16} />,
  bird: <BirdIcon size={16} />,
  rabbit: <RabbitIcon size={16} />,
  other: <PawIcon size={16} />,
};

/** Only a mouse or trackpad gets the edge zone; on touch screens it would swallow taps on the content. */
const FINE_POINTER = '(hover: hover) and (pointer: fine)';
const EDGE_WIDTH = 64;

interface SidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recordings: LocalRecording[];
  processingIds: string[];
  connection: ConnectionInfo;
  wifiOnly: boolean;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  /** Tries a failed recording again. */
  onRetry: (id: string) => void;
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
  connection,
  wifiOnly,
  onSelect,
  onDelete,
  onRetry,
}: SidebarProps) {
  const [query, setQuery] = useState('');
  const [period, setPeriod] = useState<SidebarPeriod>('all');
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  // After the sidebar closes (Escape, a choice, the scrim) the pointer may still rest on the edge: the zone
  // stays inert until the pointer has left it, so the sidebar does not spring open again by itself.
  const edgeArmed = useRef(true);
  const close = () => {
    edgeArmed.current = false;
    onOpenChange(false);
  };

  useEffect(() => {
    const rearm = (event: PointerEvent) => {
      if (event.clientX > EDGE_WIDTH) edgeArmed.current = true;
    };
    window.addEventListener('pointermove', rearm, { passive: true });
    return () => window.removeEventListener('pointermove', rearm);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) {
        edgeArmed.current = false;
        onOpenChange(false);
      } else if (
        event.key.toLowerCase() === 'h' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTyping(event.target)
      ) {
        if (open) edgeArmed.current = false;
        onOpenChange(!open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  const items = useMemo(
    () =>
      sidebarItems(recordings, {
        query,
        period,
        now: new Date(),
        processingId: processingIds[0] ?? null,
        connection,
        wifiOnly,
      }),
    [recordings, query, period, processingIds, connection, wifiOnly],
  );

  return (
    <>
      <div
        className={styles.edge}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse' || !window.matchMedia(FINE_POINTER).matches) return;
          if (edgeArmed.current && !open) onOpenChange(true);
        }}
        onPointerLeave={() => {
          edgeArmed.current = true;
        }}
        aria-hidden="true"
        data-testid="sidebar-edge"
      >
        <span className={styles.edgeHint}>History</span>
      </div>
      {open && <div className={styles.scrim} onClick={close} aria-hidden="true" />}
      <aside
        className={`${styles.sidebar} ${open ? styles.open : ''}`}
        id="recent-recordings"
        aria-label="Recent Recordings"
        aria-hidden={!open}
        data-testid="recent-sidebar"
      >
        <div className={styles.head}>
          <h2>Recent Recordings</h2>
          <button type="button" className={styles.close} onClick={close} aria-label="Close">
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
                  close();
                }}
                tabIndex={open ? 0 : -1}
              >
                <span className={styles.itemTop}>
                  <strong>{item.patientName}</strong>
                  <span className={styles.status} data-status={item.statusKind}>
                    {item.status}
                  </span>
                </span>
                <span className={styles.itemMeta}>
                  <span className={styles.speciesIcon} aria-hidden="true">
                    {speciesGlyph[item.speciesIcon]}
                  </span>
                  {item.species && <span>{item.species}</span>}
                  <span>{formatShortDuration(item.durationSeconds)}</span>
                  <span>{item.relativeTime}</span>
                </span>
                <span className={styles.preview}>{item.preview}</span>
              </button>
              <span className={styles.quick}>
                {item.statusKind === 'failed' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onRetry(item.id)}
                    tabIndex={open ? 0 : -1}
                  >
                    Retry
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    onSelect(item.id);
                    close();
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
