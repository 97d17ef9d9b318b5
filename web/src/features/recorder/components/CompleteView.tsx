import { ReviewPanel } from '../../review';
import type { LocalRecording } from '../../../data/local-recording';

/** The complete state's main content: transcript, clinical notes and export (features/review). */
export function CompleteView({
  recording,
  onDelete,
}: {
  recording: LocalRecording;
  onDelete: (id: string) => void;
}) {
  return <ReviewPanel recording={recording} onCancelRecording={() => onDelete(recording.id)} />;
}
