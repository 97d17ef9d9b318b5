import { describe, expect, it } from 'vitest';
import {
  canUpdateTranscript,
  TRANSCRIPT_UPDATE_FAILED,
  transcriptEditorState,
  transcriptUpdateError,
} from '../../../web/src/features/review/model/transcript-editor.js';

describe('Full Transcript editor', () => {
  it('moves unchanged → dirty → updating', () => {
    expect(transcriptEditorState('cow is lame', 'cow is lame', false)).toBe('unchanged');
    expect(transcriptEditorState('cow is lame', 'cow is lame left fore', false)).toBe('dirty');
    expect(transcriptEditorState('cow is lame', 'cow is lame left fore', true)).toBe('updating');
  });

  it("enables 'Update Clinical Notes' only when the text differs and no update runs", () => {
    expect(canUpdateTranscript('a', 'a', false)).toBe(false);
    expect(canUpdateTranscript('a', 'b', false)).toBe(true);
    expect(canUpdateTranscript('a', 'b', true)).toBe(false);
    // Typing a change and then undoing it is back to unchanged.
    expect(canUpdateTranscript('a', 'a', true)).toBe(false);
    // Whitespace is a real edit of a transcript (it may split words).
    expect(canUpdateTranscript('a b', 'a  b', false)).toBe(true);
  });

  it('shows the server error, else the spec fallback', () => {
    expect(transcriptUpdateError('Transcript is required')).toBe('Transcript is required');
    expect(transcriptUpdateError(undefined)).toBe(TRANSCRIPT_UPDATE_FAILED);
    expect(transcriptUpdateError('  ')).toBe('Failed to update clinical notes. Please try again.');
  });
});
