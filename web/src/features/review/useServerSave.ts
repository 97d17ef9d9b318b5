import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClinicalData } from '#shared/schemas/clinical';
import { toast } from '../../lib/toastStore';
import { localData } from '../../data/browser';
import type { LocalRecording } from '../../data/local-recording';
import { invalidateRecordingQueries, saveRecordingUpload, updateServerNotes } from './api/recordings-api';
import { notesFingerprint } from './model/notes-draft';
import { buildSaveMetadata, MissingSaveDataError, planSave, saveErrorMessage } from './model/save-payload';

export type ServerSaveState = 'not-saved' | 'saving' | 'saved';

/**
 * Save and Submit (spec sections 4, 5, 7, 8): not saved → saving → saved; on failure back to not saved with
 * the 'Save failed' toast and the error inline. The first save uploads the recording; later saves of the
 * same recording reuse the returned id and only update its notes.
 */
export function useServerSave(recording: LocalRecording, notes: ClinicalData | null) {
  const queryClient = useQueryClient();
  const patchRecording = (id: string, changes: Partial<LocalRecording>) =>
    localData().recordings.update(id, changes);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upToDate = notes !== null && planSave(recording, notes).kind === 'up-to-date';
  const state: ServerSaveState = saving ? 'saving' : upToDate ? 'saved' : 'not-saved';

  async function save() {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      if (!notes) throw new MissingSaveDataError();
      const plan = planSave(recording, notes);
      const fingerprint = notesFingerprint(notes, recording.transcript);
      if (plan.kind === 'create') {
        const metadata = buildSaveMetadata(recording, notes);
        const saved = await saveRecordingUpload(recording.id, recording.audioBlob, metadata);
        await patchRecording(recording.id, {
          serverRecordingId: saved.id,
          serverNotesVersion: saved.notesVersion,
          serverSavedFingerprint: fingerprint,
        });
      } else if (plan.kind === 'update') {
        const updated = await updateServerNotes(plan.serverId, {
          soapNotes: notes,
          ...(recording.transcript !== undefined ? { transcript: recording.transcript } : {}),
          ...(plan.baseVersion !== undefined ? { baseVersion: plan.baseVersion } : {}),
        });
        await patchRecording(recording.id, {
          serverNotesVersion: updated.notesVersion,
          serverSavedFingerprint: fingerprint,
        });
      }
      void invalidateRecordingQueries(queryClient);
      toastSaved('Recording has been saved successfully.');
    } catch (cause) {
      setError(saveErrorMessage(cause));
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  }

  return { state, error, save };
}

/** Spec section 8's save toasts, for every save of the review (single note or herd visit). */
export function toastSaved(description: string): void {
  toast({ title: '✓ Saved to database', description, variant: 'success' });
}

export function toastSaveFailed(): void {
  toast({
    title: 'Save failed',
    description: 'Failed to save recording. Please try again.',
    variant: 'destructive',
  });
}
