/**
 * What other features use of review: the panel under a finished recording (recorder), the read-only note of a
 * saved record (history), and the server paths of a saved recording.
 */
import { withQueries } from '../../lib/QueryProvider';
import { ReviewPanel as ReviewPanelView } from './components/ReviewPanel';

/** The recorder shows it outside any page with the data layer: it brings its own (lib/QueryProvider). */
export const ReviewPanel = withQueries(ReviewPanelView);
export { SoapSectionView } from './components/SoapSectionView';
export { recordingAudioPath, recordingPath } from './api/recordings-api';
export { displayNotes } from './model/notes-draft';
