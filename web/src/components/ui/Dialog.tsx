import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned (wrapping on a phone). */
  footer?: ReactNode;
  /** Confirmation dialogs hide the corner close button and rely on their explicit choices. */
  hideCloseButton?: boolean;
}

/**
 * A modal with a labelled title: the browser's own <dialog> opened with showModal(), which makes the rest
 * of the page inert (focus stays inside), returns focus to where it was on close and sits in the top
 * layer. Escape and a press on the backdrop ask `onOpenChange(false)`; the owner decides (a dialog may
 * refuse while it waits on the server). Replaced Radix Dialog, whose chunk was 8.5 KiB gzip in the
 * recorder's path (issue 19).
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onOpenChange, title, description, children, footer, hideCloseButton }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useLayoutEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    return () => dialog.close();
  }, []);
  const requestClose = () => onOpenChange(false);
  return (
    <dialog
      ref={ref}
      className={styles.content}
      aria-labelledby={`${id}-title`}
      aria-describedby={description === undefined ? undefined : `${id}-description`}
      onKeyDown={(event) => {
        // Handled here (not by the browser's cancel) so that a dialog can refuse to close.
        if (event.key === 'Escape') {
          event.preventDefault();
          requestClose();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      // The browser closed it anyway (a repeated close request): tell the owner.
      onClose={() => ref.current?.open === false && requestClose()}
      // A press on the backdrop reaches the <dialog> itself; presses inside land on its contents.
      onPointerDown={(event) => event.target === event.currentTarget && requestClose()}
    >
      <div className={styles.inner}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {description !== undefined && (
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        )}
        {children && <div className={styles.body}>{children}</div>}
        {footer && <div className={styles.footer}>{footer}</div>}
        {!hideCloseButton && (
          <button type="button" className={styles.close} aria-label="Close" onClick={requestClose}>
            <CloseIcon size={20} />
          </button>
        )}
      </div>
    </dialog>
  );
}
