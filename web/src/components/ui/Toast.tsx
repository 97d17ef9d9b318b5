import * as ToastPrimitive from '@radix-ui/react-toast';
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

/** Success titles already start with '✓' (spec wording), so only errors and notices get an icon. */
function ToastIcon({ variant }: { variant: ToastItem['variant'] }) {
  if (variant === 'success') return null;
  return (
    <span className={styles.icon}>{variant === 'destructive' ? <AlertCircleIcon /> : <InfoIcon />}</span>
  );
}

/**
 * Renders the toast store with Radix: it brings the F8 hotkey to the region, right swipe to dismiss,
 * pause on hover/focus and the live-region announcements.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          // Errors interrupt the screen reader; confirmations wait their turn.
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={styles.toast}
          data-variant={variant}
          data-testid="toast"
        >
          <ToastIcon variant={variant} />
          <div className={styles.body}>
            <ToastPrimitive.Title className={styles.title}>{title}</ToastPrimitive.Title>
            {description && (
              <ToastPrimitive.Description className={styles.description}>
                {description}
              </ToastPrimitive.Description>
            )}
            {action && (
              <ToastPrimitive.Action altText={action.label} asChild>
                <Button size="sm" variant="secondary" className={styles.action} onClick={action.onSelect}>
                  {action.label}
                </Button>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close className={styles.close} aria-label="Dismiss notification">
            <CloseIcon size={18} />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className={styles.viewport} />
    </ToastPrimitive.Provider>
  );
}
