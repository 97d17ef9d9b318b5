import { describe, expect, it } from 'vitest';
import type { LocalRecording } from '../../../web/src/data/local-recording';
import { syncStatus, type SyncContext } from '../../../web/src/features/recorder/model/sync-status';

const now = new Date(2026, 10, 23, 14, 30, 0);
const queued: LocalRecording = {
  id: 'r1',
  audioBlob: new Blob(['x']),
  audioBlobType: 'audio/webm',
  recordingTime: 12,
  recordingStartTime: '2026-11-23T12:00:00.000Z',
  preConsultationData: {},
  needsProcessing: true,
  isOnlineOnly: true,
};
const online: SyncContext = { connection: { type: 'wifi' }, wifiOnly: true, now };
const label = (recording: LocalRecording, context: SyncContext = online) =>
  syncStatus(recording, context).label;

describe('what a local recording is waiting for', () => {
  it('says offline only when the device is offline', () => {
    expect(label(queued, { ...online, connection: { type: 'offline' } })).toBe('Offline - waiting to sync');
    expect(label(queued)).toBe('Waiting to sync');
  });

  it('says it waits for Wi-Fi on cellular in Wi-Fi-only mode, not otherwise', () => {
    expect(label(queued, { ...online, connection: { type: 'cellular' } })).toBe('Waiting for Wi-Fi');
    expect(label(queued, { ...online, connection: { type: 'cellular' }, wifiOnly: false })).toBe(
      'Waiting to sync',
    );
  });

  it('names the time of the next attempt after a busy server or a dropped upload', () => {
    const nextAt = new Date(2026, 10, 23, 14, 32, 0).toISOString();
    expect(label({ ...queued, retry: { failures: 3, nextAt, reason: 'busy' } })).toBe(
      'Server busy - retrying at 14:32',
    );
    expect(label({ ...queued, retry: { failures: 1, nextAt, reason: 'network' } })).toBe(
      'Connection lost - retrying at 14:32',
    );
    expect(label({ ...queued, retry: { failures: 2, nextAt, reason: 'server' } })).toBe(
      'Server error - retrying at 14:32',
    );
    // Once due, it is simply waiting for the queue to take it.
    const due = new Date(2026, 10, 23, 14, 29, 0).toISOString();
    expect(label({ ...queued, retry: { failures: 1, nextAt: due, reason: 'busy' } })).toBe('Waiting to sync');
  });

  it('keeps the spec words for processed, processing and failed', () => {
    expect(label({ ...queued, clinicalData: { subjective: 'x' } })).toBe('Processed');
    expect(label(queued, { ...online, processingIds: ['r1'] })).toBe('Processing...');
    expect(syncStatus({ ...queued, isOnlineOnly: false, processingError: 'bad audio' }, online)).toEqual({
      kind: 'failed',
      label: 'Failed',
    });
  });

  it('calls a recording the vet never asked to process unprocessed, online or not', () => {
    expect(label({ ...queued, isOnlineOnly: false })).toBe('Not processed');
    expect(label({ ...queued, isOnlineOnly: false }, { ...online, connection: { type: 'offline' } })).toBe(
      'Not processed',
    );
  });
});
