import { useEffect, useState } from 'react';
import { Card, CardHeader, CardTitle } from '../../../components/ui/Card';
import styles from './Recorder.module.css';

export const PLAYBACK_FAILED = 'Unable to play audio. The recording is saved and will be processed correctly.';

/** 'Recording Preview': plays the stored audio; a playback failure never implies the recording is lost. */
export function RecordingPreview({ audio }: { audio: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(audio);
    setUrl(objectUrl);
    setFailed(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [audio]);
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
        url && (
          <audio className={styles.player} controls preload="metadata" src={url} onError={() => setFailed(true)} data-testid="preview-audio" />
        )
      )}
    </Card>
  );
}
