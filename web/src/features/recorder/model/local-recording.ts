import type { ClinicalData, PreConsultationData, StoredClinicalData } from '../../../../../shared/schemas/clinical.js';

/**
 * A recording kept in the browser (spec section 3, 'Local recording'), dates as ISO strings. Fields after
 * isOnlineOnly go beyond the spec: farm-mode segment links, the server id once saved, and the last
 * processing error so a failed item says so.
 */
export interface LocalRecording {
  id: string;
  audioBlob: Blob;
  audioBlobType: string;
  recordingTime: number;
  recordingStartTime: string;
  preConsultationData: PreConsultationData;
  transcript?: string;
  transcriptLanguage?: string;
  clinicalData?: ClinicalData | StoredClinicalData;
  processedAt?: string;
  needsProcessing: boolean;
  isOnlineOnly: boolean;
  segmentNumber?: number;
  totalSegments?: number;
  parentRecordingId?: string;
  serverRecordingId?: string;
  processingError?: string;
}
