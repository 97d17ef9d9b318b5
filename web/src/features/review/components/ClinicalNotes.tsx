import { useId, useState } from 'react';
import {
  SOAP_SECTIONS,
  type ClinicalData,
  type LeftOutLine,
  type SoapSection,
} from '#shared/schemas/clinical';
import { AlertCircleIcon } from '../../../components/icons';
import { Button } from '../../../components/ui/Button';
import { Card, CardTitle } from '../../../components/ui/Card';
import { toast } from '../../../lib/toastStore';
import { applyDraft, startDraft, type SoapDraft } from '../model/notes-draft';
import type { ServerSaveState } from '../useServerSave';
import { ConfirmDialog } from './ConfirmDialog';
import { LeftOutList } from './LeftOutList';
import { NotesEditor } from './NotesEditor';
import { NotesInfoCards, type NotesInfo } from './NotesInfoCards';
import { SoapSectionView, type BulletInteraction } from './SoapSectionView';
import styles from './Review.module.css';

export interface ClinicalNotesProps {
  notes: ClinicalData;
  info: NotesInfo;
  /** Persists edited notes; the screen shows 'Notes updated' once it resolves. */
  onNotesChange: (notes: ClinicalData) => Promise<void>;
  interaction?: BulletInteraction;
  /** Save and Submit shows only when a save handler is supplied (spec section 2). */
  onSave?: () => void;
  saveState?: ServerSaveState;
  saveError?: string | null;
  /** Why Save and Submit is held back (outstanding safety flags), if it is. */
  saveBlockedReason?: string | null;
  /** Cancel Recording shows only when a cancel handler is supplied. */
  onCancelRecording?: () => void;
  /** What the extractor left out of the notes, listed collapsed under them ('Left out (N)'). */
  leftOut?: readonly LeftOutLine[];
  /** Moves left-out line `index` into a section. */
  onMoveLeftOut?: (index: number, section: SoapSection) => void;
}

const saveLabel: Record<ServerSaveState, string> = {
  'not-saved': 'Save and Submit',
  saving: 'Saving...',
  saved: '✓ Saved',
};

/** The clinical notes screen inside the recorder (spec sections 2 and 4, 'Notes screen'). */
export function ClinicalNotes({
  notes,
  info,
  onNotesChange,
  interaction,
  onSave,
  saveState = 'not-saved',
  saveError,
  saveBlockedReason,
  onCancelRecording,
  leftOut,
  onMoveLeftOut,
}: ClinicalNotesProps) {
  const [draft, setDraft] = useState<SoapDraft | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [storing, setStoring] = useState(false);
  const blockedId = useId();

  const saveChanges = async () => {
    if (!draft) return;
    setStoring(true);
    try {
      await onNotesChange(applyDraft(notes, draft));
      setDraft(null);
      toast({
        title: 'Notes updated',
        description: 'SOAP notes have been updated successfully.',
        variant: 'success',
      });
    } finally {
      setStoring(false);
    }
  };

  // Cancel always asks (spec section 4, 'Notes screen': cancelled asks for confirmation, then discards).
  const cancelEdit = () => setConfirmDiscard(true);

  return (
    <Card data-testid="clinical-notes" className={styles.cardStack}>
      <div className={styles.notesHeader}>
        <CardTitle as="h3">Clinical Notes (SOAP Format)</CardTitle>
        {saveState === 'saved' && !draft && (
          <span className={styles.savedBadge} data-testid="saved-to-server">
            Saved to server
          </span>
        )}
      </div>
      <NotesInfoCards info={info} />

      {draft ? (
        <NotesEditor draft={draft} onChange={setDraft} />
      ) : (
        SOAP_SECTIONS.map((section) => (
          <SoapSectionView key={section} section={section} text={notes[section]} interaction={interaction} />
        ))
      )}
      {!draft && leftOut && onMoveLeftOut && (
        <LeftOutList lines={leftOut} onMove={onMoveLeftOut} disabled={saveState === 'saving'} />
      )}

      {saveError && !draft && (
        <p className={styles.error} role="alert" data-testid="save-error">
          <AlertCircleIcon size={18} />
          {saveError}
        </p>
      )}
      {saveBlockedReason && !draft && saveState === 'not-saved' && onSave && (
        <p className={styles.blocked} id={blockedId}>
          {saveBlockedReason}
        </p>
      )}

      <div className={styles.buttons}>
        {draft ? (
          <>
            <Button variant="secondary" onClick={cancelEdit} disabled={storing}>
              Cancel
            </Button>
            <Button onClick={() => void saveChanges()} disabled={storing}>
              Save Changes
            </Button>
          </>
        ) : (
          <>
            {onCancelRecording && (
              <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
                Cancel Recording
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => setDraft(startDraft(notes))}
              disabled={saveState === 'saving'}
            >
              Edit Notes
            </Button>
            {onSave && (
              <Button
                onClick={onSave}
                disabled={saveState !== 'not-saved' || Boolean(saveBlockedReason)}
                aria-describedby={saveBlockedReason ? blockedId : undefined}
                data-testid="save-submit"
              >
                {saveLabel[saveState]}
              </Button>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard changes?"
        description="Your unsaved changes to the clinical notes will be lost."
        noLabel="No, keep editing"
        yesLabel="Yes, discard changes"
        onConfirm={() => setDraft(null)}
      />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this recording?"
        description="The audio, transcript and clinical notes will be permanently lost."
        noLabel="No"
        yesLabel="Yes, cancel recording"
        onConfirm={() => onCancelRecording?.()}
      />
    </Card>
  );
}
