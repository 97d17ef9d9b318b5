import { useId, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './Field.module.css';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={[styles.label, className].filter(Boolean).join(' ')} {...props} />;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={[styles.input, className].filter(Boolean).join(' ')} {...props} />;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Rendered on the label's line, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with an optional hint wired up through aria-describedby. */
export function TextField({ label, hint, labelAside, invalid = false, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
