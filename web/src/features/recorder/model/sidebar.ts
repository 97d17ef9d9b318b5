import { formatDistanceToNow, startOfDay, subDays } from 'date-fns';
import type { LocalRecording } from './local-recording.js';

/** Recent Recordings sidebar (spec section 2): filtering, sorting and what each item shows. */
export type SidebarPeriod = 'all' | 'today' | 'week';
export type SidebarStatus = 'Processed' | 'Processing...' | 'Offline - waiting to sync' | 'Failed';
export type SpeciesIcon = 'dog' | 'cat' | 'bird' | 'rabbit' | 'other';

export const PREVIEW_LENGTH = 60;
export const NO_PREVIEW = 'No preview available';
export const UNKNOWN_PATIENT = 'Unknown Patient';

export interface SidebarItem {
  id: string;
  patientName: string;
  species: string | null;
  speciesIcon: SpeciesIcon;
  status: SidebarStatus;
  durationSeconds: number;
  startedAt: string;
  relativeTime: string;
  preview: string;
}

export interface SidebarFilter {
  query: string;
  period: SidebarPeriod;
  now: Date;
  /** The recording being processed right now, if any. */
  processingId?: string | null;
}

export function patientNameOf(recording: LocalRecording): string {
  return (
    recording.clinicalData?.patientName?.trim() ||
    recording.preConsultationData.patientName?.trim() ||
    UNKNOWN_PATIENT
  );
}

export function speciesOf(recording: LocalRecording): string | null {
  return recording.clinicalData?.species?.trim() || recording.preConsultationData.species || null;
}

export function speciesIcon(species: string | null): SpeciesIcon {
  const value = (species ?? '').toLowerCase();
  if (/\b(dogs?|canine)\b/.test(value)) return 'dog';
  if (/\b(cats?|feline)\b/.test(value)) return 'cat';
  if (/\b(birds?|avian)\b/.test(value)) return 'bird';
  if (/\brabbits?\b/.test(value)) return 'rabbit';
  return 'other';
}

export function statusOf(recording: LocalRecording, processingId?: string | null): SidebarStatus {
  if (recording.id === processingId) return 'Processing...';
  if (recording.clinicalData) return 'Processed';
  if (recording.processingError) return 'Failed';
  return 'Offline - waiting to sync';
}

/** First 60 characters of the subjective section, else the assessment. */
export function previewOf(recording: LocalRecording): string {
  const notes = recording.clinicalData;
  const source = (notes?.subjective?.trim() || notes?.assessment?.trim() || '').replace(/\s+/g, ' ');
  if (!source) return NO_PREVIEW;
  return source.length > PREVIEW_LENGTH ? `${source.slice(0, PREVIEW_LENGTH)}…` : source;
}

function withinPeriod(startedAt: Date, period: SidebarPeriod, now: Date): boolean {
  if (period === 'all') return true;
  // 'today' is the calendar day on the device; 'week' is the last 7 days.
  const from = period === 'today' ? startOfDay(now) : subDays(now, 7);
  return startedAt >= from;
}

export function sidebarItems(recordings: readonly LocalRecording[], filter: SidebarFilter): SidebarItem[] {
  const query = filter.query.trim().toLowerCase();
  return recordings
    .filter((recording) => withinPeriod(new Date(recording.recordingStartTime), filter.period, filter.now))
    .filter((recording) => !query || patientNameOf(recording).toLowerCase().includes(query))
    .sort((a, b) => Date.parse(b.recordingStartTime) - Date.parse(a.recordingStartTime))
    .map((recording) => {
      const species = speciesOf(recording);
      return {
        id: recording.id,
        patientName: patientNameOf(recording),
        species,
        speciesIcon: speciesIcon(species),
        status: statusOf(recording, filter.processingId),
        durationSeconds: recording.recordingTime,
        startedAt: recording.recordingStartTime,
        relativeTime: formatDistanceToNow(new Date(recording.recordingStartTime), { addSuffix: true }),
        preview: previewOf(recording),
      };
    });
}

export function recordingCountLabel(count: number): string {
  return `${count} recording${count === 1 ? '' : 's'}`;
}
