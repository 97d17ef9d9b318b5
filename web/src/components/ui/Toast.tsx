import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
  type ToastItem,
} from '../../lib/toastStore';
import { AlertCircleIcon, CloseIcon, InfoIcon } from '../icons';
import { Button } from './Button';
import styles from './Toast.module.css';

/** How long an announcement stays in the screen readers' live region. */
const ANNOUNCE_MS = 1000;

/** Success titles already start with '✓' (spec wording), so only errors and notices get an icon. */
function ToastIcon({ variant }: { variant: ToastItem['variant'] }) {
  if (variant === 'success') return null;
  return (
    <span className={styles.icon}>{variant === 'destructive' ? <AlertCircleIcon /> : <InfoIcon />}</span>
  );
}

/**
 * Renders the toast store: F8 moves focus to the notifications, a swipe right dismisses, the timer pauses
 * while the pointer or focus is on a toast (or the window is in the background), and every toast is
 * announced, errors assertively. Our own rather than Radix Toast, which with its dependencies was ~10 KiB
 * gzip of the precached shell (issue 19).
 */
export function Toaster() {
  const toasts = useToasts().filter((item) => item.open);
  const viewport = useRef<HTMLOListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [windowFocused, setWindowFocused] = useState(true);
  // The newest toast is in the live region for ANNOUNCE_MS, then leaves it (the visible toast stays).
  const [announced, setAnnounced] = useState<string | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === 'F8' || event.key === 'F8') viewport.current?.focus();
    };
    const onBlur = () => setWindowFocused(false);
    const onFocus = () => setWindowFocused(true);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  const newest = toasts[0];
  const newestId = newest?.id;
  useEffect(() => {
    if (newestId === undefined) return;
    const timer = setTimeout(() => setAnnounced(newestId), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [newestId]);
  const announcement =
    newest && newest.id !== announced
      ? {
          text: ['Notification', newest.title, newest.description].filter(Boolean).join(' '),
          assertive: newest.variant === 'destructive',
        }
      : null;

  const paused = hovered || focused || !windowFocused;
  return (
    <div role="region" aria-label="Notifications (F8)" tabIndex={-1}>
      <ol
        ref={viewport}
        tabIndex={-1}
        className={styles.viewport}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {toasts.map((item) => (
          <ToastView key={item.id} item={item} paused={paused} />
        ))}
      </ol>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement && !announcement.assertive ? announcement.text : ''}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="true">
        {announcement?.assertive ? announcement.text : ''}
      </div>
    </div>
  );
}

type Swipe = { state: 'move'; x: number } | { state: 'cancel' } | null;

function ToastView({ item, paused }: { item: ToastItem; paused: boolean }) {
  const { id, title, description, variant = 'default', action } = item;
  const [swipe, setSwipe] = useState<Swipe>(null);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);

  // Shown for TOAST_DURATION_MS of unpaused time.
  const running = !paused && swipe?.state !== 'move';
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [running, id]);

  const endSwipe = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) dismissToast(id);
    else setSwipe(distance > 0 ? { state: 'cancel' } : null);
  };

  return (
    <li
      className={styles.toast}
      data-variant={variant}
      data-state="open"
      data-swipe={swipe?.state}
      data-testid="toast"
      tabIndex={0}
      style={swipe?.state === 'move' ? { transform: `translateX(${swipe.x}px)` } : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
      onPointerDown={(event) => {
        if (event.button !== 0 || (event.target as Element).closest('button')) return;
        swipeStart.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipeStart.current === null) return;
        const distance = Math.max(0, event.clientX - swipeStart.current);
        if (distance > 0) setSwipe({ state: 'move', x: distance });
      }}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
    >
      <ToastIcon variant={variant} />
      <div className={styles.body}>
        <div className={styles.title}>{title}</div>
        {description && <div className={styles.description}>{description}</div>}
        {action && (
          <Button
            size="sm"
            variant="secondary"
            className={styles.action}
            onClick={() => {
              action.onSelect();
              dismissToast(id);
            }}
          >
            {action.label}
          </Button>
        )}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => dismissToast(id)}
      >
        <CloseIcon size={18} />
      </button>
    </li>
  );
}
