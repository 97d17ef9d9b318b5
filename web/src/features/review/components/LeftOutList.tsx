import { useId, useState } from 'react';
import { SOAP_SECTIONS, type LeftOutLine, type SoapSection } from '#shared/schemas/clinical';
import { SECTION_INFO } from '../model/notes-draft';
import { LEFT_OUT_REASON_LABEL, SECTION_LETTER } from '../model/left-out';
import styles from './LeftOut.module.css';

/**
 * 'Left out (N)': what the extractor did not put in the notes (small talk, greetings, billing, scheduling,
 * questions), collapsed under the notes so that nothing is lost silently. One tap on S, O, A or P moves a line
 * into that section.
 */
export function LeftOutList({
  lines,
  onMove,
  disabled,
}: {
  lines: readonly LeftOutLine[];
  onMove: (index: number, section: SoapSection) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (lines.length === 0) return null;
  return (
    <section className={styles.leftOut} data-testid="left-out">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▾' : '▸'}
        </span>
        Left out ({lines.length})
      </button>
      {open && (
        <ul className={styles.lines} id={listId}>
          {lines.map((line, index) => (
            <li
              key={`${line.spans[0]?.start ?? index}-${index}`}
              className={styles.line}
              data-testid="left-out-line"
            >
              <div className={styles.text}>
                <span className={styles.reason}>{LEFT_OUT_REASON_LABEL[line.reason]}</span>
                <span>{line.text}</span>
              </div>
              <div className={styles.moves} role="group" aria-label="Move into the notes">
                {SOAP_SECTIONS.map((section) => (
                  <button
                    key={section}
                    type="button"
                    className={[styles.move, line.suggestedSection === section ? styles.suggested : ''].join(
                      ' ',
                    )}
                    aria-label={`Move to ${SECTION_INFO[section].title}`}
                    title={`Move to ${SECTION_INFO[section].title}`}
                    disabled={disabled}
                    onClick={() => onMove(index, section)}
                  >
                    {SECTION_LETTER[section]}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
