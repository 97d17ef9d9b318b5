import { useQuery } from '@tanstack/react-query';
import { SOAP_SECTIONS } from '#shared/schemas/clinical';
import type { RecordingView } from '#shared/schemas/recordings';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FactList } from '../../components/ui/FactList';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { recoverFromRevealError, revealDuration } from '../../lib/audio-duration';
import { displayNotes, recordingAudioPath, recordingPath, SoapSectionView } from '../review';
import { HerdAnimalHistory, isHerdAnimalRecord } from './HerdAnimalHistory';
import { cardDate } from './history-model';
import styles from './History.module.css';

function Details({ recording }: { recording: RecordingView }) {
  const { date, time } = cardDate(recording.recordedAt);
  const notes = displayNotes(recording.soapNotes ?? undefined);
  return (
    <div className={styles.details} data-testid="recording-details">
      <section>
        <h3 className={styles.detailsHeading}>Patient Information</h3>
        <FactList
          className={styles.facts}
          items={[
            ['Name', recording.patientName],
            ['Species', recording.species],
            ['Breed', recording.breed],
            ['Age', recording.age],
            ['Weight', recording.weight],
            ['Client', recording.clientName],
            ['Phone', recording.clientPhone],
          ]}
        />
      </section>
      <section>
        <FactList
          className={styles.facts}
          items={[
            ['Recorded At', `${date} ${time}`],
            ['Consultation Type', recording.consultationType ?? '—'],
          ]}
        />
      </section>
      <section>
        <h3 className={styles.detailsHeading}>Transcript</h3>
        <p className={styles.transcript}>{recording.transcript || 'No transcript'}</p>
      </section>
      {notes && (
        <section>
          <h3 className={styles.detailsHeading}>Clinical Notes</h3>
          {SOAP_SECTIONS.map((section) => (
            <SoapSectionView key={section} section={section} text={notes[section]} />
          ))}
        </section>
      )}
      {isHerdAnimalRecord(recording) && <HerdAnimalHistory recording={recording} />}
      {!isHerdAnimalRecord(recording) && (
        <section>
          <h3 className={styles.detailsHeading}>Audio</h3>
          {/* Streams from the server (HTTP Range), so a long farm visit starts playing before it has all arrived. */}
          <audio
            className={styles.audio}
            controls
            preload="metadata"
            src={recordingAudioPath(recording.id)}
            aria-label="Recording audio"
            onLoadedMetadata={(event) => revealDuration(event.currentTarget)}
            onError={(event) => void recoverFromRevealError(event.currentTarget)}
            data-testid="details-audio"
          />
        </section>
      )}
    </div>
  );
}

/** 'Recording Details' (spec section 2): loaded on open, with its own loading and not-found states. */
export function RecordingDetailsDialog({
  recordingId,
  onClose,
}: {
  recordingId: string | null;
  onClose: () => void;
}) {
  const query = useQuery<{ recording: RecordingView }>({
    queryKey: [recordingId ? recordingPath(recordingId) : ''],
    enabled: recordingId !== null,
  });
  const notFound = query.isError && (!(query.error instanceof ApiError) || query.error.status === 404);
  return (
    <Dialog
      open={recordingId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Recording Details"
      // The footer's Close is the one way out besides Escape; a second 'Close' in the corner would only confuse.
      hideCloseButton
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending && (
        <p className={styles.status} role="status">
          <Spinner /> Loading recording...
        </p>
      )}
      {query.isError && (
        <p className={notFound ? styles.status : styles.error} role="alert">
          {notFound ? 'Recording not found' : query.error.message}
        </p>
      )}
      {query.data && <Details recording={query.data.recording} />}
    </Dialog>
  );
}
