import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AlertCircleIcon } from '../../../components/icons';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { highlightPieces, type TextRange } from '../model/highlight';
import { canUpdateTranscript } from '../model/transcript-editor';
import type { TermHint } from '#shared/schemas/transcript-suggestions';
import { acceptSuggestion } from '#shared/transcript/lexicon-check';
import { TranscriptSuggestions } from './TranscriptSuggestions';
import styles from './Review.module.css';

export interface TranscriptCardProps {
  transcript: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Source ranges of the bullet the vet tapped; shown only while the text is the one they refer to. */
  highlight: readonly TextRange[] | null;
  updating: boolean;
  error: string | null;
  /** Resolves true when the notes were updated (the edited text becomes the new original). */
  onUpdate: (transcript: string) => Promise<boolean>;
  /** The consultation audio player. */
  audio?: ReactNode;
  /** The transcription's term hints, for the suggestions under the editor. */
  termHints?: readonly TermHint[] | undefined;
}

/**
 * The collapsible 'Full Transcript' card (spec section 2). A highlight layer sits behind the transparent
 * text area with identical text metrics, so a bullet's source is marked inside the editable text itself.
 */
export function TranscriptCard({
  transcript,
  open,
  onOpenChange,
  highlight,
  updating,
  error,
  onUpdate,
  audio,
  termHints,
}: TranscriptCardProps) {
  const [draft, setDraft] = useState(transcript);
  // The transcript can arrive after mount (the list reloads after processing) or change after an update:
  // follow it unless the vet has unsaved edits of their own.
  const [base, setBase] = useState(transcript);
  if (transcript !== base) {
    setBase(transcript);
    if (draft === base) setDraft(transcript);
  }
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const bodyId = useId();
  const labelId = useId();
  const dirty = draft !== transcript;
  const ranges = !dirty && highlight ? highlight : [];

  // Bring the first marked span into view inside the text area (not the page: the vet stays on the bullet).
  useEffect(() => {
    const mark = backdropRef.current?.querySelector('mark');
    const textarea = textareaRef.current;
    if (!mark || !textarea) return;
    textarea.scrollTop = Math.max(0, mark.offsetTop - textarea.clientHeight / 3);
    if (backdropRef.current) backdropRef.current.scrollTop = textarea.scrollTop;
  }, [highlight, open]);

  const update = async () => {
    await onUpdate(draft);
  };

  return (
    <Card data-testid="transcript-card">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onOpenChange(!open)}
      >
        <span className={styles.toggleTitle} id={labelId}>
          Full Transcript
        </span>
        <span className={[styles.chevron, open ? styles.chevronOpen : ''].join(' ')} aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={bodyId} className={styles.transcriptBody} hidden={!open}>
        {audio}
        <div className={styles.highlightWrap}>
          <div ref={backdropRef} className={styles.backdrop} aria-hidden="true">
            {highlightPieces(draft, ranges).map((piece, index) =>
              piece.marked ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
            )}
            {/* A final newline needs a character after it to take up its line, as it does in the text area. */}
            {'\u200b'}
          </div>
          <textarea
            ref={textareaRef}
            className={styles.textarea}
            aria-labelledby={labelId}
            placeholder="Transcript will appear here..."
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onScroll={(event) => {
              if (backdropRef.current) backdropRef.current.scrollTop = event.currentTarget.scrollTop;
            }}
            data-testid="transcript"
          />
        </div>
        <TranscriptSuggestions
          text={draft}
          hints={termHints}
          onAccept={(suggestion) => setDraft(acceptSuggestion(draft, suggestion))}
        />
        {error && (
          <p className={styles.error} role="alert">
            <AlertCircleIcon size={18} />
            {error}
          </p>
        )}
        <div className={styles.row}>
          <Button onClick={() => void update()} disabled={!canUpdateTranscript(transcript, draft, updating)}>
            {updating ? 'Updating...' : 'Update Clinical Notes'}
          </Button>
          {dirty && !updating && <span className={styles.hint}>Edited: update the notes to match.</span>}
        </div>
      </div>
    </Card>
  );
}
