// Moved to the data layer (web/src/data/local-recording.ts); this path stays for features not yet moved.
export type { LocalRecording } from '../../../data/local-recording';
