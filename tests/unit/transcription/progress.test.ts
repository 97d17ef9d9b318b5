import { describe, expect, it } from 'vitest';
import { ProgressStore } from '../../../api/providers/transcription/progress.js';

describe('ProgressStore', () => {
  it('tracks a job for its owner only, monotonically, and forgets it a while after it ends', () => {
    let now = 0;
    const store = new ProgressStore(60_000, () => now);
    store.start('job-00001', 'user-a');
    expect(store.get('job-00001', 'user-b')).toBeUndefined();
    store.update('job-00001', { stage: 'transcribing', piecesTotal: 4, percent: 30 });
    store.update('job-00001', { piecesDone: 1, percent: 20 }); // never goes backwards
    expect(store.get('job-00001', 'user-a')).toMatchObject({ stage: 'transcribing', percent: 30, piecesDone: 1, piecesTotal: 4 });
    expect(store.isRunning('job-00001')).toBe(true);
    store.finish('job-00001');
    expect(store.get('job-00001', 'user-a')).toMatchObject({ stage: 'done', percent: 100 });
    expect(store.isRunning('job-00001')).toBe(false);
    now += 61_000;
    expect(store.get('job-00001', 'user-a')).toBeUndefined();
  });

  it('records failures with their message', () => {
    const store = new ProgressStore();
    store.start('job-00002', 'u');
    store.finish('job-00002', { error: 'Transcription failed: boom', errorStatus: 502 });
    expect(store.get('job-00002', 'u')).toMatchObject({ stage: 'failed', error: 'Transcription failed: boom', errorStatus: 502 });
  });

  it('stays bounded however many ids clients invent', () => {
    const store = new ProgressStore(60_000, Date.now, 10);
    for (let i = 0; i < 50; i++) store.start(`job-${String(i).padStart(5, '0')}`, 'u');
    expect(store.get('job-00000', 'u')).toBeUndefined();
    expect(store.get('job-00049', 'u')).toBeDefined();
  });
});
