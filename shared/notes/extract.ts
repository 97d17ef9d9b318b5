/**
 * The embedded extractor: transcript → SOAP clinical data with evidence and safety flags. Deterministic,
 * no model and no network; runs in the browser and on the server.
 */
import type {
  BulletEvidence,
  ClinicalData,
  ExtractRequest,
  ExtractResponse,
  SoapSection,
} from '../schemas/clinical';
import type { LeftOutLine } from '../schemas/clinical';
import { assignAnimals, formatAnimalGroups, namesListed } from './animals';
import {
  attachValueJudgements,
  bulletsOf,
  mergeDuplicates,
  removeFillers,
  type DraftBullet,
} from './bullets';
import { classifyUtterances, type Classified } from './classify';
import { isSupported, placeSegments, toEvidenceSpans } from './evidence';
import type { SoapKey } from './lexicon';
import { extractVitals, normaliseDoses } from './normalise';
import { checkPlanSafety, inferSpecies } from './safety';
import { splitUtterances } from './split';
import { capitalise } from './text';

const SECTION_OF: Record<SoapKey, SoapSection> = {
  S: 'subjective',
  O: 'objective',
  A: 'assessment',
  P: 'plan',
};

export interface ExtractionTrace {
  classified: Classified[];
  drafts: DraftBullet[];
  droppedUnsupported: DraftBullet[];
}

/** Header fields: pre-consultation data first, then recording metadata (spec §3, §7). */
export function headerFields(
  request: ExtractRequest,
  inferredSpecies: string | undefined,
): Partial<ClinicalData> {
  const pre = request.preConsultationData;
  const meta = request.recordingMetadata;
  const header: Partial<ClinicalData> = {};
  if (meta?.consultationDate) header.consultationDate = meta.consultationDate;
  if (meta?.consultationTime) header.consultationTime = meta.consultationTime;
  if (meta?.recordingDuration) header.recordingDuration = meta.recordingDuration;
  if (pre?.clientName?.trim()) header.clientName = pre.clientName.trim();
  if (pre?.patientName?.trim()) header.patientName = pre.patientName.trim();
  const species = pre?.species ?? inferredSpecies;
  if (species) header.species = species;
  if (pre?.consultationType) header.consultationType = pre.consultationType;
  return header;
}

/**
 * Completes notes written by any engine (embedded or a model): header fields from the request, the safety
 * pass over the Plan, and the species fallback. Shared so that every provider answers the same way.
 */
export function completeResponse(
  request: ExtractRequest,
  sections: Record<SoapSection, string[]>,
  evidence: BulletEvidence[],
  warnings: string[],
): ExtractResponse {
  const inferred = request.preConsultationData?.species ? undefined : inferSpecies(request.transcript);
  if (inferred) warnings.push(`Species not given; inferred '${inferred}' from the transcript.`);
  const clinicalData: ClinicalData = {
    ...headerFields(request, inferred),
    subjective: sections.subjective.join('\n'),
    objective: sections.objective.join('\n'),
    assessment: sections.assessment.join('\n'),
    plan: sections.plan.join('\n'),
  };
  const safetyFlags = checkPlanSafety(clinicalData.plan, request.preConsultationData?.species ?? inferred, {
    transcript: request.transcript,
  });
  const response: ExtractResponse = { clinicalData, evidence, safetyFlags };
  if (warnings.length > 0) response.warnings = warnings;
  return response;
}

/** The canonical labels of the vital signs a sentence states ('BCS 3 out of 5' → 'Body condition score: 3/5'). */
function canonicalVitals(sentence: string): string {
  if (!sentence) return '';
  return [...extractVitals(sentence, 'en'), ...extractVitals(sentence, 'af')].map((v) => v.text).join(' ');
}

/** Extracts SOAP notes from a transcript; `trace` receives the intermediate stages for debugging and tests. */
export function extractClinicalNotes(
  request: ExtractRequest,
  trace?: Partial<ExtractionTrace>,
): ExtractResponse {
  const transcript = request.transcript;
  const warnings: string[] = [];
  const placed = request.segments ? placeSegments(transcript, request.segments) : [];
  // Timed segments end where the speaker paused: sentence ends that unpunctuated recogniser text hides.
  const classified = classifyUtterances(
    splitUtterances(
      transcript,
      placed.map((p) => p.charEnd),
    ),
    { species: request.preConsultationData?.species },
  );

  // Nothing is lost silently: an utterance is either in a section or in 'Left out', with its reason.
  const leftOut: LeftOutLine[] = [];
  const keptDrafts: DraftBullet[] = [];
  for (const item of classified) {
    const { utterance } = item;
    const drafts = item.section ? bulletsOf(item) : [];
    if (drafts.length > 0) {
      keptDrafts.push(...drafts);
      continue;
    }
    const suggested = item.suggestedSection ?? item.section ?? undefined;
    leftOut.push({
      text: utterance.text.trim(),
      // A kept sentence that cleans down to nothing ('Right, so, um…') was an acknowledgement.
      reason: item.leftOutReason ?? 'greeting',
      ...(suggested ? { suggestedSection: SECTION_OF[suggested] } : {}),
      spans: toEvidenceSpans(transcript, [{ start: utterance.start, end: utterance.end }], placed),
    });
  }
  assignAnimals(keptDrafts, transcript, namesListed(request.preConsultationData?.patientName));
  const drafts = mergeDuplicates(attachValueJudgements(keptDrafts));

  const supported: DraftBullet[] = [];
  const unsupported: DraftBullet[] = [];
  for (const draft of drafts) {
    const quoted = draft.spans.map((s) => transcript.slice(s.start, s.end)).join(' ');
    const context = draft.context ? transcript.slice(draft.context.start, draft.context.end) : '';
    // Bullets carry canonical doses ('0.5 mg/kg PO SID') and vital labels ('Body condition score' for 'BCS');
    // the quote and the sentence it was cut from support them in either spelling.
    const evidenceText = `${quoted} ${normaliseDoses(quoted)} ${context} ${canonicalVitals(context)}`;
    if (isSupported(draft.text, evidenceText)) supported.push(draft);
    else {
      // Never drop a clinical statement because its cleaned wording drifted: fall back to the spoken words.
      unsupported.push(draft);
      const spoken = capitalise(removeFillers(quoted).replace(/(?<!\.)\.+$/u, ''));
      if (spoken) supported.push({ ...draft, text: spoken });
    }
  }

  const sections: Record<SoapSection, string[]> = { subjective: [], objective: [], assessment: [], plan: [] };
  const evidence: BulletEvidence[] = [];
  for (const draft of formatAnimalGroups(supported)) {
    const section = SECTION_OF[draft.section];
    const lines = sections[section];
    evidence.push({
      section,
      line: lines.length,
      bullet: draft.text,
      spans: toEvidenceSpans(transcript, draft.spans, placed),
    });
    lines.push(draft.text);
  }

  if (transcript.trim() !== '' && supported.length === 0)
    warnings.push('No clinical statements were found in the transcript.');

  if (trace) {
    trace.classified = classified;
    trace.drafts = drafts;
    trace.droppedUnsupported = unsupported;
  }
  const response = completeResponse(request, sections, evidence, warnings);
  response.leftOut = leftOut;
  return response;
}
