import { SOAP_SECTIONS } from '../../../../../shared/schemas/clinical';
import { bulletLines, toSoapFormat } from '../../../../../shared/notes/format';
import { Card, CardHeader, CardTitle } from '../../../components/ui/Card';
import type { LocalRecording } from '../model/local-recording';
import styles from './Recorder.module.css';

const sectionTitles: Record<(typeof SOAP_SECTIONS)[number], string> = {
  subjective: 'SUBJECTIVE (S)',
  objective: 'OBJECTIVE (O)',
  assessment: 'ASSESSMENT (A)',
  plan: 'PLAN (P)',
};

/**
 * The complete state's transcript and notes, read-only. Editing, saving to the server and export build on
 * this in the review issue.
 */
export function CompleteView({ recording }: { recording: LocalRecording }) {
  const notes = recording.clinicalData ? toSoapFormat(recording.clinicalData) : null;
  return (
    <div className={styles.stack} data-testid="complete">
      {notes && (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Clinical Notes (SOAP Format)</CardTitle>
          </CardHeader>
          {SOAP_SECTIONS.map((section) => {
            const bullets = bulletLines(notes[section]);
            return (
              <section key={section} className={styles.soapSection} data-testid={`soap-${section}`}>
                <h4>{sectionTitles[section]}</h4>
                {bullets.length > 0 ? (
                  <ul>
                    {bullets.map((bullet, index) => (
                      <li key={index}>{bullet}</li>
                    ))}
                  </ul>
                ) : (
                  <p className={styles.muted}>Nothing recorded.</p>
                )}
              </section>
            );
          })}
        </Card>
      )}
      {recording.transcript !== undefined && (
        <Card>
          <details className={styles.transcript}>
            <summary>Full Transcript</summary>
            <p data-testid="transcript">{recording.transcript}</p>
          </details>
        </Card>
      )}
    </div>
  );
}
