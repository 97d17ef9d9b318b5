import { formatConsultationTime } from '#shared/format/recording-metadata';
import type { ConnectionInfo } from '../../../data/connection.js';
import type { LocalRecording } from '../../../data/local-recording.js';
import { isBackingOff } from '../../../data/processing/retry-schedule.js';

/**
 * What a local recording is waiting for, said truthfully. The spec's sidebar words ('Processed',
 * 'Processing...', 'Offline - waiting to sync', 'Failed') are kept where they are true; the rest say why
 * a queued recording waits and when it is tried again.
 */
export type SyncStatusKind =
  | 'processed'
  | 'processing'
  | 'failed'
  | 'offline'
  | 'wifi'
  | 'busy'
  | 'server'
  | 'interrupted'
  | 'queued'
  | 'unprocessed';

export interface SyncStatus {
  kind: SyncStatusKind;
  label: string;
}

export interface SyncContext {
  connection: ConnectionInfo;
  wifiOnly: boolean;
  now: Date;
  /** Recordings being processed right now. */
  processingIds?: readonly string[];
}

export const SYNC_LABELS = {
  processed: 'Processed',
  processing: 'Processing...',
  failed: 'Failed',
  offline: 'Offline - waiting to sync',
  wifi: 'Waiting for Wi-Fi',
  queued: 'Waiting to sync',
  unprocessed: 'Not processed',
} as const;

export function syncStatus(recording: LocalRecording, context: SyncContext): SyncStatus {
  if (context.processingIds?.includes(recording.id)) return status('processing');
  if (recording.clinicalData) return status('processed');
  if (recording.processingError) return status('failed');
  // Only a recording the vet asked to process (and that waits in the queue) syncs by itself.
  if (!recording.isOnlineOnly) return status('unprocessed');
  if (context.connection.type === 'offline') return status('offline');
  if (context.wifiOnly && context.connection.type === 'cellular') return status('wifi');
  const retry = recording.retry;
  if (retry && isBackingOff(retry, context.now)) {
    const at = formatConsultationTime(new Date(retry.nextAt));
    if (retry.reason === 'busy') return { kind: 'busy', label: `Server busy - retrying at ${at}` };
    if (retry.reason === 'server') return { kind: 'server', label: `Server error - retrying at ${at}` };
    return { kind: 'interrupted', label: `Connection lost - retrying at ${at}` };
  }
  return status('queued');
}

function status(kind: keyof typeof SYNC_LABELS): SyncStatus {
  return { kind, label: SYNC_LABELS[kind] };
}
