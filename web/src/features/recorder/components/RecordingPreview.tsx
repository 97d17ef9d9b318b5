import { useEffect, useState } from 'react';
import { Card, CardHeader, CardTitle } from '../../../components/ui/Card';
import { PLAYBACK_FAILED, recoverFromRevealError, revealDuration } from '../../../lib/audio-duration';
import styles from './Recorder.module.css';

/** 'Recording Preview': plays the stored audio; a playback failure never implies the recording is lost. */
export function RecordingPreview({ audio }: { audio: Blob }) {
  // One object URL for the component's life: the parent keys it by recording id, and a recording's audio
  // never changes, even when the list reloads it as a new Blob object.
  const [url] = useState(() => URL.createObjectURL(audio));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [failed, setFailed] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Recording Preview</CardTitle>
      </CardHeader>
      {failed ? (
        <p className={styles.notice} role="status">
          {PLAYBACK_FAILED}
        </p>
      ) : (
        <audio
          className={styles.player}
          controls
          preload="metadata"
          src={url}
          onError={(event) => {
            if (recoverFromRevealError(event.currentTarget)) return;
            setFailed(true);
          }}
          // MediaRecorder's WebM carries no duration: without this the player shows 0:00 until played.
          onLoadedMetadata={(event) => revealDuration(event.currentTarget)}
          data-testid="preview-audio"
        />
      )}
    </Card>
  );
}
