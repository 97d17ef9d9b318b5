import { SOAP_SECTIONS } from '#shared/schemas/clinical';
import { NOTES_PLACEHOLDER, SECTION_INFO, type SoapDraft } from '../model/notes-draft';
import styles from './Review.module.css';

/** Edit mode: each section a multi-line text area (min-height 120 px) with its helper and placeholder. */
export function NotesEditor({ draft, onChange }: { draft: SoapDraft; onChange: (draft: SoapDraft) => void }) {
  return (
    <>
      {SOAP_SECTIONS.map((section) => {
        const info = SECTION_INFO[section];
        return (
          <section key={section} className={styles.section}>
            <label className={styles.sectionTitle} htmlFor={`soap-edit-${section}`}>
              {info.title}
            </label>
            <p className={styles.helper} id={`soap-edit-${section}-helper`}>
              {info.helper}
            </p>
            <textarea
              id={`soap-edit-${section}`}
              className={styles.notesTextarea}
              aria-describedby={`soap-edit-${section}-helper`}
              placeholder={NOTES_PLACEHOLDER}
              value={draft[section]}
              onChange={(event) => onChange({ ...draft, [section]: event.target.value })}
              data-testid={`soap-edit-${section}`}
            />
          </section>
        );
      })}
    </>
  );
}
