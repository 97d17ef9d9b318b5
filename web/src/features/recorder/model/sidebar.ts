import { intlFormatDistance, startOfDay, subDays } from 'date-fns';
import type { ConnectionInfo } from '../../../data/connection.js';
import type { LocalRecording } from '../../../data/local-recording.js';
import { syncStatus, type SyncStatusKind } from './sync-status.js';

/** Recent Recordings sidebar (spec section 2): filtering, sorting and what each item shows. */
export type SidebarPeriod = 'all' | 'today' | 'week';
/** The spec's four labels, plus the truthful waits of sync-status.ts ('Server busy - retrying at 14:32'…). */
export type SidebarStatus = string;
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
  statusKind: SyncStatusKind;
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
  /** For the waiting labels; without it a queued recording reads 'Offline - waiting to sync'. */
  connection?: ConnectionInfo;
  wifiOnly?: boolean;
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

export function statusOf(
  recording: LocalRecording,
  processingId?: string | null,
  context: { connection?: ConnectionInfo; wifiOnly?: boolean; now?: Date } = {},
) {
  return syncStatus(recording, {
    connection: context.connection ?? { type: 'offline' },
    wifiOnly: context.wifiOnly ?? true,
    now: context.now ?? new Date(),
    processingIds: processingId ? [processingId] : [],
  });
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
      const status = statusOf(recording, filter.processingId, {
        ...(filter.connection ? { connection: filter.connection } : {}),
        ...(filter.wifiOnly !== undefined ? { wifiOnly: filter.wifiOnly } : {}),
        now: filter.now,
      });
      return {
        id: recording.id,
        patientName: patientNameOf(recording),
        species,
        speciesIcon: speciesIcon(species),
        status: status.label,
        statusKind: status.kind,
        durationSeconds: recording.recordingTime,
        startedAt: recording.recordingStartTime,
        // Intl's wording ("5 minutes ago", "yesterday") needs no bundled locale on the offline recorder.
        relativeTime: intlFormatDistance(new Date(recording.recordingStartTime), filter.now, {
          locale: 'en-ZA',
        }),
        preview: previewOf(recording),
      };
    });
}

export function recordingCountLabel(count: number): string {
  return `${count} recording${count === 1 ? '' : 's'}`;
}
