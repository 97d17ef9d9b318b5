import { useId } from 'react';
import { EXPORT_LANGUAGE_LABELS, EXPORT_LANGUAGES, type ExportLanguage } from '#shared/export/messages';
import styles from './Export.module.css';

/** The message language: English or Afrikaans, defaulting to the consultation's. */
export function LanguageSelect({
  value,
  onChange,
  disabled,
}: {
  value: ExportLanguage;
  onChange: (language: ExportLanguage) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Message language
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === 'af' ? 'af' : 'en')}
      >
        {EXPORT_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {EXPORT_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
