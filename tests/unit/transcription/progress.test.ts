import { describe, expect, it } from 'vitest';
import { ProgressStore } from '../../../api/transcription/progress.js';

describe('ProgressStore', () => {
  it('tracks a job for its owner only, monotonically, and forgets it a while after it ends', () => {
    let now = 0;
    const store = new ProgressStore(60_000, () => now);
    const key = store.start('job-00001', 'user-a');
    expect(store.get('job-00001', 'user-b')).toBeUndefined();
    store.update(key, { stage: 'transcribing', piecesTotal: 4, percent: 30 });
    store.update(key, { piecesDone: 1, percent: 20 }); // never goes backwards
    expect(store.get('job-00001', 'user-a')).toMatchObject({
      stage: 'transcribing',
      percent: 30,
      piecesDone: 1,
      piecesTotal: 4,
    });
    expect(store.isRunning('job-00001', 'user-a')).toBe(true);
    store.finish(key);
    expect(store.get('job-00001', 'user-a')).toMatchObject({ stage: 'done', percent: 100 });
    expect(store.isRunning('job-00001', 'user-a')).toBe(false);
    now += 61_000;
    expect(store.get('job-00001', 'user-a')).toBeUndefined();
  });

  it('records failures with their message', () => {
    const store = new ProgressStore();
    const key = store.start('job-00002', 'u');
    store.finish(key, { error: 'Transcription failed: boom', errorStatus: 502 });
    expect(store.get('job-00002', 'u')).toMatchObject({
      stage: 'failed',
      error: 'Transcription failed: boom',
      errorStatus: 502,
    });
  });

  it('stays bounded per practice however many ids clients invent', () => {
    const store = new ProgressStore(60_000, Date.now, 10);
    for (let i = 0; i < 50; i++) store.start(`job-${String(i).padStart(5, '0')}`, 'u');
    expect(store.get('job-00000', 'u')).toBeUndefined();
    expect(store.get('job-00049', 'u')).toBeDefined();
  });

  it("one practice's ids never read, replace or evict another's (issue 14)", () => {
    const store = new ProgressStore(60_000, Date.now, 10);
    const victim = store.start('shared-id-0001', 'practice-a');
    store.finish(victim, { result: { transcript: 'confidential' } });
    // Practice B picks the same id: a job of its own, A's is untouched.
    expect(store.get('shared-id-0001', 'practice-b')).toBeUndefined();
    expect(store.isRunning('shared-id-0001', 'practice-b')).toBe(false);
    store.start('shared-id-0001', 'practice-b');
    expect(store.get('shared-id-0001', 'practice-a')).toMatchObject({
      stage: 'done',
      result: { transcript: 'confidential' },
    });
    // B floods the store: only B's own entries make way.
    for (let i = 0; i < 1010; i++) store.start(`flood-${String(i).padStart(5, '0')}`, 'practice-b');
    expect(store.countFor('practice-b')).toBe(10);
    expect(store.get('shared-id-0001', 'practice-a')).toMatchObject({ stage: 'done' });
  });
});
