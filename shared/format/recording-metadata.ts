import { lightFormat } from 'date-fns';

/**
 * The formats of spec section 9: dates DD/MM/YYYY, times HH:MM, durations MM:SS. Dates are formatted in the
 * device's local time zone, as the vet reads a clock.
 */
export function formatConsultationDate(date: Date): string {
  return lightFormat(date, 'dd/MM/yyyy');
}

export function formatConsultationTime(date: Date): string {
  return lightFormat(date, 'HH:mm');
}

/** MM:SS with minutes allowed past 59 (a 75-minute farm visit reads 75:03). */
export function formatTimer(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** m:ss for list entries (spec section 2, 'Session Recordings list'). */
export function formatShortDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface RecordingMetadata {
  consultationDate: string;
  consultationTime: string;
  recordingDuration: string;
}

/** What POST /api/extract receives as recordingMetadata. */
export function recordingMetadata(startedAt: Date, durationSeconds: number): RecordingMetadata {
  return {
    consultationDate: formatConsultationDate(startedAt),
    consultationTime: formatConsultationTime(startedAt),
    recordingDuration: formatTimer(durationSeconds),
  };
}
