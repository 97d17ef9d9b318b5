import { ReviewPanel } from '../../review/components/ReviewPanel';
import type { LocalRecording } from '../model/local-recording';

/** The complete state's main content: transcript, clinical notes and export (features/review). */
export function CompleteView({ recording }: { recording: LocalRecording }) {
  return <ReviewPanel recording={recording} />;
}
