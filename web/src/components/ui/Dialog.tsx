import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
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

/** A modal with focus trap, Escape to close and a labelled title (Radix Dialog). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideCloseButton,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.overlay} />
        <DialogPrimitive.Content
          className={styles.content}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
          {description !== undefined && (
            <DialogPrimitive.Description className={styles.description}>
              {description}
            </DialogPrimitive.Description>
          )}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
          {!hideCloseButton && (
            <DialogPrimitive.Close className={styles.close} aria-label="Close">
              <CloseIcon size={20} />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
