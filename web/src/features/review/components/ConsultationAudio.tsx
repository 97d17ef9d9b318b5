import { useEffect, useState, type Ref } from 'react';
import { PLAYBACK_FAILED, recoverFromRevealError, revealDuration } from '../../../lib/audio-duration';
import styles from './Review.module.css';

/** The recording's own audio (from the device), which bullet taps seek into. */
export function ConsultationAudio({
  audio,
  ref,
  onTimeUpdate,
}: {
  audio: Blob;
  ref?: Ref<HTMLAudioElement>;
  onTimeUpdate?: (seconds: number) => void;
}) {
  // One object URL for the component's life: the parent keys it by recording id (see RecordingPreview).
  const [url] = useState(() => URL.createObjectURL(audio));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [failed, setFailed] = useState(false);
  if (failed) return <p className={styles.hint}>{PLAYBACK_FAILED}</p>;
  return (
    <audio
      ref={ref}
      className={styles.audio}
      controls
      preload="metadata"
      src={url}
      aria-label="Consultation audio"
      onError={(event) => {
        if (recoverFromRevealError(event.currentTarget)) return;
        console.warn('Consultation audio cannot play', event.currentTarget.error?.code);
        setFailed(true);
      }}
      onLoadedMetadata={(event) => revealDuration(event.currentTarget)}
      onTimeUpdate={(event) => onTimeUpdate?.(event.currentTarget.currentTime)}
      data-testid="consultation-audio"
    />
  );
}
