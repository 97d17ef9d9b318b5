import { useRef, useState } from 'react';
import type { BulletEvidence, ClinicalData } from '#shared/schemas/clinical';
import { withHerdPlans } from '#shared/farm/slip';
import {
  formatConsultationDate,
  formatConsultationTime,
  formatTimer,
} from '#shared/format/recording-metadata';
import { localData } from '../../../data/browser';
import type { LocalRecording } from '../../../data/local-recording';
import type { TextRange } from '../model/highlight';
import { moveLeftOutLine } from '../model/left-out';
import { displayNotes } from '../model/notes-draft';
import { flagKey, flagsByBullet, outstandingFlags, type ReviewFlag } from '../model/safety-flags';
import { HerdReview } from '../herd/HerdReview';
import { useServerSave } from '../useServerSave';
import { useTranscriptUpdate } from '../useTranscriptUpdate';
import { ClinicalNotes } from './ClinicalNotes';
import { ConsultationAudio } from './ConsultationAudio';
import { ExportSlot } from './ExportSlot';
import { FarmChecks, farmSaveBlock } from './FarmChecks';
import type { NotesInfo } from './NotesInfoCards';
import { TranscriptCard } from './TranscriptCard';
import styles from './Review.module.css';

function notesInfo(recording: LocalRecording, notes: ClinicalData): NotesInfo {
  const started = new Date(recording.recordingStartTime);
  const pre = recording.preConsultationData;
  return {
    date: notes.consultationDate || formatConsultationDate(started),
    time: notes.consultationTime || formatConsultationTime(started),
    duration: notes.recordingDuration || formatTimer(recording.recordingTime),
    clientName: notes.clientName || pre.clientName,
    patientName: notes.patientName || pre.patientName,
    species: notes.species || pre.species,
    consultationType: notes.consultationType || pre.consultationType,
  };
}

/**
 * The complete state's review (spec section 2): the Full Transcript card, the clinical notes with save and
 * cancel, and the export panel. Beyond the spec: tapping a bullet marks its source in the transcript and
 * plays that moment; safety flags must be acknowledged or edited before Save and Submit.
 */
export function ReviewPanel({
  recording,
  onCancelRecording,
}: {
  recording: LocalRecording;
  /** Cancel on the notes: the recorder deletes the recording and returns to ready. */
  onCancelRecording: () => void;
}) {
  // Writes go to the local store; the screen watches it (liveQuery) and shows them.
  const { recordings } = localData();
  const notes = displayNotes(recording.clinicalData);
  const server = useServerSave(recording, notes);
  const transcriptUpdate = useTranscriptUpdate(recording);
  // Bullet taps play their source from where it was said and stop a moment after it ends.
  const audioRef = useRef<HTMLAudioElement>(null);
  const stopAt = useRef<number | null>(null);
  const playFrom = (start: number, end: number | undefined) => {
    const audio = audioRef.current;
    if (!audio) return;
    stopAt.current = end !== undefined ? end + 0.4 : null;
    audio.currentTime = start;
    void audio.play().catch(() => undefined); // An autoplay refusal still leaves the player at the moment.
  };
  const stopAtEnd = (seconds: number) => {
    if (stopAt.current !== null && seconds >= stopAt.current) {
      stopAt.current = null;
      audioRef.current?.pause();
    }
  };
  const [transcriptOpen, setTranscriptOpen] = useState(true);
  const [active, setActive] = useState<{ key: string; ranges: TextRange[] } | null>(null);

  const acknowledged = recording.acknowledgedFlags ?? [];
  const outstanding = notes ? outstandingFlags(recording.safetyFlags, notes, acknowledged) : [];
  const farm = notes && {
    notes: recording.herdVisit ? withHerdPlans(notes, recording.herdVisit) : notes,
    pre: recording.preConsultationData,
    transcript: recording.transcript,
    herd: recording.herdVisit,
  };

  const selectBullet = (key: string, evidence: BulletEvidence) => {
    setActive({ key, ranges: evidence.spans.map(({ start, end }) => ({ start, end })) });
    setTranscriptOpen(true);
    const first = evidence.spans[0];
    if (first?.audioStart !== undefined) playFrom(first.audioStart, evidence.spans.at(-1)?.audioEnd);
  };

  const acknowledge = (flag: ReviewFlag) =>
    void recordings.update(recording.id, { acknowledgedFlags: [...acknowledged, flagKey(flag)] });

  return (
    <div className={styles.review} data-testid="complete">
      <div className={styles.transcriptArea}>
        <TranscriptCard
          key={recording.id}
          transcript={recording.transcript ?? ''}
          termHints={recording.termHints}
          open={transcriptOpen}
          onOpenChange={setTranscriptOpen}
          highlight={active?.ranges ?? null}
          updating={transcriptUpdate.updating}
          error={transcriptUpdate.error}
          onUpdate={async (text) => {
            const updated = await transcriptUpdate.update(text);
            if (updated) setActive(null);
            return updated;
          }}
          audio={
            <ConsultationAudio
              key={recording.id}
              audio={recording.audioBlob}
              ref={audioRef}
              onTimeUpdate={stopAtEnd}
            />
          }
        />
      </div>
      {recording.preConsultationData.consultationType === 'Herd Visit' && (
        // A herd visit is reviewed and saved per animal (issue 20) instead of as one note.
        <div className={styles.notesArea}>
          <HerdReview recording={recording} saveBlockedReason={farm ? farmSaveBlock(farm) : null} />
        </div>
      )}
      {notes && recording.preConsultationData.consultationType !== 'Herd Visit' && (
        <div className={styles.notesArea}>
          <ClinicalNotes
            key={recording.id}
            notes={notes}
            info={notesInfo(recording, notes)}
            onNotesChange={async (next) => {
              setActive(null);
              await recordings.saveEditedNotes(recording.id, { clinicalData: next });
            }}
            interaction={{
              evidence: recording.evidence,
              flags: flagsByBullet(recording.safetyFlags, notes),
              acknowledged,
              activeBullet: active?.key ?? null,
              onSelect: selectBullet,
              onAcknowledge: acknowledge,
            }}
            onSave={() => void server.save()}
            saveState={server.state}
            saveError={server.error}
            saveBlockedReason={
              outstanding.length > 0
                ? `Acknowledge or edit the ${outstanding.length} flagged item(s) before saving.`
                : farm && farmSaveBlock(farm)
            }
            onCancelRecording={onCancelRecording}
            leftOut={recording.leftOut ?? []}
            onMoveLeftOut={(index, section) => {
              const moved = moveLeftOutLine(
                notes,
                recording.evidence,
                recording.leftOut ?? [],
                index,
                section,
              );
              setActive(null);
              void recordings.update(recording.id, moved);
            }}
          />
        </div>
      )}
      {notes && farm && (
        <div className={[styles.exportArea, styles.cardStack].join(' ')}>
          <FarmChecks {...farm} />
          <ExportSlot notes={notes} transcriptLanguage={recording.transcriptLanguage} farm={farm} />
        </div>
      )}
    </div>
  );
}
