import { useQueryClient } from '@tanstack/react-query';
import type { ClinicalData } from '#shared/schemas/clinical';
import { useEffect, useRef, useState } from 'react';
import { animalLabel, type HerdAnimal, type HerdTreatment, type HerdVisitNotes } from '#shared/schemas/herd';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import type { LocalRecording } from '../../../data/local-recording';
import { localData } from '../../../data/browser';
import { invalidateRecordingQueries } from '../api/recordings-api';
import { displayNotes } from '../model/notes-draft';
import { saveErrorMessage } from '../model/save-payload';
import { toastSaved, toastSaveFailed } from '../useServerSave';
import { saveHerdVisit, splitHerdVisit } from './herd-api';
import {
  GROUP_KEY,
  HERD_SECTIONS,
  SECTION_TITLES,
  addAnimal,
  animalLines,
  herdFingerprint,
  mergeAnimals,
  renameAnimal,
  setNotes,
  setTag,
  splitAnimal,
  type HerdSection,
  type LineRef,
} from './herd-model';
import { buildHerdSaveMetadata } from './herd-save';
import styles from './Herd.module.css';

/**
 * The review of a Herd Visit (issue 20): the group note and one card per animal. The vet fixes a tag,
 * renames, merges two cards, splits lines off into another animal or adds one, then saves the visit with
 * all its animals in one go (one server record each, linked to the visit).
 */
export function HerdReview({
  recording,
  saveBlockedReason,
}: {
  recording: LocalRecording;
  /** Why the visit may not be saved yet (a treatment without a withdrawal period), as the single note's Save does. */
  saveBlockedReason?: string | null;
}) {
  // Writes go to the local store; the screen watches it (liveQuery) and shows them.
  const patchRecording = (id: string, changes: Partial<Omit<LocalRecording, 'id'>>) =>
    localData().recordings.update(id, changes);
  const queryClient = useQueryClient();
  const [splitting, setSplitting] = useState(false);
  const [splitError, setSplitError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const visit = recording.herdVisit;
  const started = useRef(false);

  async function runSplit() {
    if (!recording.transcript) return;
    setSplitting(true);
    setSplitError(null);
    try {
      const herd = await splitHerdVisit(recording.transcript, recording.preConsultationData);
      await patchRecording(recording.id, { herdVisit: herd });
    } catch (error) {
      setSplitError(saveErrorMessage(error));
    } finally {
      setSplitting(false);
    }
  }

  // The screen can show a recording a moment before its transcript is read back from the store.
  const hasTranscript = Boolean(recording.transcript);
  useEffect(() => {
    if (!visit && hasTranscript && !started.current) {
      started.current = true;
      void runSplit();
    }
    // Once per recording, as soon as it has a transcript: a failed split offers its own retry button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording.id, hasTranscript]);

  const change = (next: HerdVisitNotes) => void patchRecording(recording.id, { herdVisit: next });
  const saved = visit !== undefined && recording.herdSavedFingerprint === herdFingerprint(visit);

  async function save() {
    if (!visit || saving || saveBlockedReason) return;
    setSaving(true);
    setSaveError(null);
    try {
      const header: Partial<ClinicalData> = displayNotes(recording.clinicalData) ?? {};
      const metadata = buildHerdSaveMetadata(recording, visit, {
        ...(header.consultationDate ? { consultationDate: header.consultationDate } : {}),
        ...(header.consultationTime ? { consultationTime: header.consultationTime } : {}),
        ...(header.recordingDuration ? { recordingDuration: header.recordingDuration } : {}),
      });
      const result = await saveHerdVisit(recording.id, recording.audioBlob, metadata);
      await patchRecording(recording.id, {
        herdServerVisitId: result.visit.id,
        herdSavedFingerprint: herdFingerprint(visit),
      });
      void invalidateRecordingQueries(queryClient);
      toastSaved(`Herd visit saved with ${result.animals.length} animal record(s).`);
    } catch (error) {
      setSaveError(saveErrorMessage(error));
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  }

  if (!visit) {
    return (
      <Card className={styles.herd} data-testid="herd-review">
        <h2 className={styles.title}>Herd Visit</h2>
        {splitting && <p className={styles.muted}>Splitting the visit per animal...</p>}
        {!recording.transcript && (
          <p className={styles.muted}>Process the recording to split it per animal.</p>
        )}
        {splitError && (
          <div className={styles.error} role="alert">
            <p>{splitError}</p>
            <Button variant="secondary" size="sm" onClick={() => void runSplit()}>
              Try again
            </Button>
          </div>
        )}
      </Card>
    );
  }

  const pre = recording.preConsultationData;
  return (
    <div className={styles.herd} data-testid="herd-review">
      <Card className={styles.groupCard}>
        <div className={styles.groupHead}>
          <div>
            <h2 className={styles.title}>Herd Visit</h2>
            <p className={styles.muted}>
              {[pre.clientName, visit.groupName ?? pre.groupName, pre.species].filter(Boolean).join(' · ')}
            </p>
          </div>
          <p className={styles.count} data-testid="herd-count">
            {visit.animals.length} animal{visit.animals.length === 1 ? '' : 's'} in the notes
            {visit.animalCount ? ` · ${visit.animalCount} in the group` : ''}
          </p>
        </div>
        <h3 className={styles.subTitle}>Group note</h3>
        <NotesFields
          idPrefix="group"
          notes={visit.group.notes}
          onChange={(section, text) => change(setNotes(visit, GROUP_KEY, section, text))}
          showEmpty
        />
        <Treatments treatments={visit.group.treatments} title="Group treatments" />
      </Card>

      <div className={styles.cards}>
        {visit.animals.map((animal) => (
          <AnimalCard key={animal.key} animal={animal} visit={visit} onChange={change} />
        ))}
      </div>

      <AddAnimal visit={visit} onChange={change} />

      <Card className={styles.saveBar}>
        <div>
          <Button
            variant="farm"
            onClick={() => void save()}
            disabled={saving || saved || Boolean(saveBlockedReason)}
            data-testid="herd-save"
          >
            {saving ? 'Saving...' : saved ? '✓ Saved' : 'Save Herd Visit'}
          </Button>
          {saveBlockedReason && !saved && (
            <p className={styles.errorText} role="status" data-testid="herd-save-blocked">
              {saveBlockedReason}
            </p>
          )}
          {saveError && (
            <p className={styles.errorText} role="alert">
              {saveError}
            </p>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={splitting || !recording.transcript}
          onClick={() => {
            if (
              window.confirm(
                'Split the visit again from the transcript? Your edits to the cards will be lost.',
              )
            )
              void runSplit();
          }}
        >
          {splitting ? 'Splitting...' : 'Split again from transcript'}
        </Button>
      </Card>
    </div>
  );
}

function NotesFields({
  idPrefix,
  notes,
  onChange,
  showEmpty = false,
}: {
  idPrefix: string;
  notes: HerdVisitNotes['group']['notes'];
  onChange: (section: HerdSection, text: string) => void;
  showEmpty?: boolean;
}) {
  const sections = HERD_SECTIONS.filter((section) => showEmpty || notes[section].trim() !== '');
  if (sections.length === 0) return <p className={styles.muted}>No notes for this animal yet.</p>;
  return (
    <div className={styles.notes}>
      {sections.map((section) => (
        <label key={section} className={styles.noteField}>
          <span>{SECTION_TITLES[section]}</span>
          <textarea
            id={`${idPrefix}-${section}`}
            value={notes[section]}
            rows={Math.min(
              8,
              Math.max(1, Math.ceil(notes[section].length / 40) + notes[section].split('\n').length - 1),
            )}
            onChange={(event) => onChange(section, event.target.value)}
          />
        </label>
      ))}
    </div>
  );
}

function Treatments({ treatments, title }: { treatments: HerdTreatment[]; title: string }) {
  if (treatments.length === 0) return null;
  return (
    <div className={styles.treatments}>
      <h4>{title}</h4>
      <ul>
        {treatments.map((treatment, index) => (
          <li key={index} data-testid="treatment">
            <strong>{treatment.product}</strong>
            {treatment.dose ? ` ${treatment.dose}` : ''}
            {treatment.route ? ` ${treatment.route}` : ''}
            {treatment.animalCount && treatment.animalCount > 1 ? ` · ${treatment.animalCount} animals` : ''}
            {treatment.batchNumber ? ` · batch ${treatment.batchNumber}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Panel = 'none' | 'merge' | 'split';

function AnimalCard({
  animal,
  visit,
  onChange,
}: {
  animal: HerdAnimal;
  visit: HerdVisitNotes;
  onChange: (visit: HerdVisitNotes) => void;
}) {
  const label = animalLabel(animal);
  // The draft follows the animal's tag when that changes elsewhere (a merge, a re-split).
  const [draft, setDraft] = useState({ base: animal.tag, value: animal.tag });
  const tag = draft.base === animal.tag ? draft.value : animal.tag;
  const setTagDraft = (value: string) => setDraft({ base: animal.tag, value });
  const [tagError, setTagError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>('none');
  const [mergeInto, setMergeInto] = useState('');
  const [splitTag, setSplitTag] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [panelError, setPanelError] = useState<string | null>(null);

  const applyTag = () => {
    if (tag.trim() === animal.tag) return;
    const result = setTag(visit, animal.key, tag);
    if (result.ok) {
      setTagError(null);
      onChange(result.visit);
    } else setTagError(result.error);
  };
  const others = visit.animals.filter((other) => other.key !== animal.key);
  const lines = animalLines(animal);
  const refKey = (ref: LineRef) => `${ref.section}:${ref.index}`;

  return (
    <article className={styles.animalCard} data-testid="animal-card" aria-label={label}>
      <header className={styles.cardHead}>
        <h3>{label}</h3>
        {animal.treatments.length > 0 && (
          <span className={styles.badge}>
            {animal.treatments.length} treatment{animal.treatments.length === 1 ? '' : 's'}
          </span>
        )}
      </header>
      <div className={styles.idRow}>
        <label>
          <span>Ear tag</span>
          <input
            value={tag}
            aria-label={`Ear tag of ${label}`}
            aria-invalid={tagError ? true : undefined}
            onChange={(event) => setTagDraft(event.target.value)}
            onBlur={applyTag}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyTag();
            }}
          />
        </label>
        <label>
          <span>Kind</span>
          <input
            value={animal.kind ?? ''}
            aria-label={`Kind of ${label}`}
            placeholder="Ewe, Koei…"
            onChange={(event) => onChange(renameAnimal(visit, animal.key, { kind: event.target.value }))}
          />
        </label>
        <label>
          <span>Name</span>
          <input
            value={animal.name ?? ''}
            aria-label={`Name of ${label}`}
            placeholder="Optional"
            onChange={(event) => onChange(renameAnimal(visit, animal.key, { name: event.target.value }))}
          />
        </label>
      </div>
      {tagError && (
        <p className={styles.errorText} role="alert">
          {tagError}
        </p>
      )}
      <NotesFields
        idPrefix={animal.key}
        notes={animal.notes}
        onChange={(section, text) => onChange(setNotes(visit, animal.key, section, text))}
      />
      <Treatments treatments={animal.treatments} title="Treatments" />

      <div className={styles.cardActions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={others.length === 0}
          aria-expanded={panel === 'merge'}
          onClick={() => setPanel(panel === 'merge' ? 'none' : 'merge')}
        >
          Merge…
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={lines.length === 0}
          aria-expanded={panel === 'split'}
          onClick={() => setPanel(panel === 'split' ? 'none' : 'split')}
        >
          Split…
        </Button>
      </div>

      {panel === 'merge' && (
        <div className={styles.panel}>
          <label>
            <span>Merge {label} into</span>
            <select value={mergeInto} onChange={(event) => setMergeInto(event.target.value)}>
              <option value="">Choose an animal</option>
              {others.map((other) => (
                <option key={other.key} value={other.key}>
                  {animalLabel(other)}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            disabled={!mergeInto}
            onClick={() => {
              const result = mergeAnimals(visit, animal.key, mergeInto);
              if (result.ok) onChange(result.visit);
              else setPanelError(result.error);
            }}
          >
            Merge
          </Button>
        </div>
      )}

      {panel === 'split' && (
        <div className={styles.panel}>
          <p className={styles.muted}>Lines that belong to another animal:</p>
          {lines.map((line) => (
            <label key={refKey(line)} className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.includes(refKey(line))}
                onChange={(event) =>
                  setChosen(
                    event.target.checked
                      ? [...chosen, refKey(line)]
                      : chosen.filter((key) => key !== refKey(line)),
                  )
                }
              />
              <span>{line.text}</span>
            </label>
          ))}
          <label>
            <span>Ear tag of the other animal</span>
            <input value={splitTag} onChange={(event) => setSplitTag(event.target.value)} />
          </label>
          <Button
            size="sm"
            disabled={chosen.length === 0 || splitTag.trim() === ''}
            onClick={() => {
              const refs = lines.filter((line) => chosen.includes(refKey(line)));
              const result = splitAnimal(visit, animal.key, refs, splitTag);
              if (result.ok) {
                setPanel('none');
                setChosen([]);
                setSplitTag('');
                setPanelError(null);
                onChange(result.visit);
              } else setPanelError(result.error);
            }}
          >
            Split off
          </Button>
        </div>
      )}
      {panelError && panel !== 'none' && (
        <p className={styles.errorText} role="alert">
          {panelError}
        </p>
      )}
    </article>
  );
}

function AddAnimal({
  visit,
  onChange,
}: {
  visit: HerdVisitNotes;
  onChange: (visit: HerdVisitNotes) => void;
}) {
  const [tag, setTagDraft] = useState('');
  const [kind, setKind] = useState(visit.animals[0]?.kind ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className={styles.addCard}>
      <h3 className={styles.subTitle}>Add an animal</h3>
      <form
        className={styles.addRow}
        onSubmit={(event) => {
          event.preventDefault();
          const result = addAnimal(visit, tag, kind);
          if (result.ok) {
            setTagDraft('');
            setError(null);
            onChange(result.visit);
          } else setError(result.error);
        }}
      >
        <label>
          <span>Ear tag</span>
          <input
            value={tag}
            onChange={(event) => setTagDraft(event.target.value)}
            aria-label="Ear tag of the new animal"
          />
        </label>
        <label>
          <span>Kind</span>
          <input
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            aria-label="Kind of the new animal"
          />
        </label>
        <Button type="submit" size="sm" disabled={tag.trim() === '' && kind.trim() === ''}>
          Add animal
        </Button>
      </form>
      {error && (
        <p className={styles.errorText} role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
