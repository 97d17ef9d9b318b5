import { describe, expect, it } from 'vitest';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import {
  previewOf,
  recordingCountLabel,
  sidebarItems,
  speciesIcon,
  statusOf,
} from '../../../web/src/features/recorder/model/sidebar.js';

const now = new Date('2026-11-21T15:00:00');
function recording(id: string, startedAt: string, extra: Partial<LocalRecording> = {}): LocalRecording {
  return {
    id,
    audioBlob: new Blob(['x']),
    audioBlobType: 'audio/webm',
    recordingTime: 95,
    recordingStartTime: new Date(startedAt).toISOString(),
    preConsultationData: {},
    needsProcessing: true,
    isOnlineOnly: false,
    ...extra,
  };
}
const notes = (subjective: string, assessment = '') => ({ subjective, objective: '', assessment, plan: '' });

const recordings = [
  recording('today-early', '2026-11-21T07:10:00', {
    preConsultationData: { patientName: 'Bella', species: 'Dogs' },
  }),
  recording('today-late', '2026-11-21T13:00:00', {
    clinicalData: { ...notes('Vomiting since yesterday'), patientName: 'Max' },
    needsProcessing: false,
  }),
  recording('five-days', '2026-11-16T09:00:00', {
    preConsultationData: { patientName: 'Daisy', species: 'Cattle' },
  }),
  recording('old', '2026-10-01T09:00:00'),
];

describe('recent recordings sidebar', () => {
  it('sorts newest first and keeps every period for All Time', () => {
    const items = sidebarItems(recordings, { query: '', period: 'all', now });
    expect(items.map((i) => i.id)).toEqual(['today-late', 'today-early', 'five-days', 'old']);
  });

  it("filters Today by the device's calendar day and This Week by the last 7 days", () => {
    expect(sidebarItems(recordings, { query: '', period: 'today', now }).map((i) => i.id)).toEqual([
      'today-late',
      'today-early',
    ]);
    expect(sidebarItems(recordings, { query: '', period: 'week', now }).map((i) => i.id)).toEqual([
      'today-late',
      'today-early',
      'five-days',
    ]);
  });

  it('searches by patient name, case-insensitively, from notes before pre-consultation data', () => {
    expect(sidebarItems(recordings, { query: 'MAX', period: 'all', now }).map((i) => i.id)).toEqual([
      'today-late',
    ]);
    expect(sidebarItems(recordings, { query: 'bel', period: 'all', now }).map((i) => i.id)).toEqual([
      'today-early',
    ]);
    expect(sidebarItems(recordings, { query: 'nobody', period: 'all', now })).toEqual([]);
  });

  it('says how long ago each recording started, against the filter clock', () => {
    const items = sidebarItems(recordings, { query: '', period: 'all', now });
    expect(items.map((i) => i.relativeTime)).toEqual([
      '2 hours ago',
      '7 hours ago',
      '5 days ago',
      'last month',
    ]);
  });

  it("names a patient 'Unknown Patient' when nothing says otherwise", () => {
    const [item] = sidebarItems([recordings[3]!], { query: '', period: 'all', now });
    expect(item!.patientName).toBe('Unknown Patient');
  });

  it('labels status: processed, processing, failed, waiting', () => {
    expect(statusOf(recordings[1]!).label).toBe('Processed');
    expect(statusOf(recordings[0]!, 'today-early').label).toBe('Processing...');
    expect(statusOf({ ...recordings[0]!, processingError: 'x' }).label).toBe('Failed');
    expect(statusOf({ ...recordings[0]!, isOnlineOnly: true }).label).toBe('Offline - waiting to sync');
    // Online and never queued, it is not 'waiting to sync': nothing will sync it until the vet asks.
    expect(statusOf(recordings[0]!, null, { connection: { type: 'wifi' } }).label).toBe('Not processed');
  });

  it('previews the first 60 characters of subjective, else assessment, else a placeholder', () => {
    const long = 'a'.repeat(80);
    expect(previewOf(recording('a', '2026-11-21', { clinicalData: notes(long) }))).toBe(`${'a'.repeat(60)}…`);
    expect(previewOf(recording('b', '2026-11-21', { clinicalData: notes('', 'Gastritis') }))).toBe(
      'Gastritis',
    );
    expect(previewOf(recording('c', '2026-11-21'))).toBe('No preview available');
  });

  it('maps species to icons', () => {
    expect(speciesIcon('Dogs')).toBe('dog');
    expect(speciesIcon('canine')).toBe('dog');
    expect(speciesIcon('Cats')).toBe('cat');
    expect(speciesIcon('Feline')).toBe('cat');
    expect(speciesIcon('avian')).toBe('bird');
    expect(speciesIcon('Rabbit')).toBe('rabbit');
    expect(speciesIcon('Cattle')).toBe('other');
    expect(speciesIcon(null)).toBe('other');
  });

  it('counts recordings in the footer', () => {
    expect(recordingCountLabel(1)).toBe('1 recording');
    expect(recordingCountLabel(3)).toBe('3 recordings');
  });
});
