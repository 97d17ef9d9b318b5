/**
 * What other features use of review: the panel under a finished recording (recorder), the read-only note of a
 * saved record (history), and the server paths of a saved recording.
 */
export { ReviewPanel } from './components/ReviewPanel';
export { SoapSectionView } from './components/SoapSectionView';
export { recordingAudioPath, recordingPath } from './api/recordings-api';
export { displayNotes } from './model/notes-draft';
