/**
 * Evidence for notes written elsewhere (a language model, or a vet's edits): each bullet is aligned to the
 * transcript sentences that share most of its content words. A bullet that cannot be aligned well enough is
 * unsupported and is not emitted.
 */
import type { BulletEvidence, SoapSection, TranscriptSegment } from '../schemas/clinical';
import type { SourceSpan } from './bullets';
import { isSupported, placeSegments, toEvidenceSpans } from './evidence';
import { bulletLines } from './format';
import { normaliseDoses } from './normalise';
import { splitUtterances } from './split';
import { contentTokens } from './text';

const MAX_SPANS_PER_BULLET = 3;

/** The transcript sentences (at most three) that best cover a bullet's content words. */
export function alignBullet(bullet: string, sentences: Array<SourceSpan & { text: string }>): SourceSpan[] {
  const wanted = new Set(contentTokens(bullet));
  const chosen: SourceSpan[] = [];
  const covered = new Set<string>();
  const tokensOf = sentences.map((s) => new Set(contentTokens(s.text)));
  for (let round = 0; round < MAX_SPANS_PER_BULLET; round++) {
    let best = -1;
    let bestGain = 0;
    tokensOf.forEach((tokens, index) => {
      let gain = 0;
      for (const t of wanted) if (!covered.has(t) && tokens.has(t)) gain++;
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    const sentence = sentences[best];
    const tokens = tokensOf[best];
    if (!sentence || !tokens) break;
    chosen.push({ start: sentence.start, end: sentence.end });
    for (const t of wanted) if (tokens.has(t)) covered.add(t);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

export interface AlignedNotes {
  sections: Record<SoapSection, string[]>;
  evidence: BulletEvidence[];
  /** Bullets dropped because the transcript does not support them. */
  unsupported: Array<{ section: SoapSection; bullet: string }>;
}

/** Aligns every bullet of four SOAP texts to the transcript, dropping unsupported ones. */
export function alignNotes(
  transcript: string,
  soap: Record<SoapSection, string>,
  segments?: TranscriptSegment[],
): AlignedNotes {
  const sentences = splitUtterances(transcript);
  const placed = segments ? placeSegments(transcript, segments) : [];
  const result: AlignedNotes = {
    sections: { subjective: [], objective: [], assessment: [], plan: [] },
    evidence: [],
    unsupported: [],
  };
  for (const section of ['subjective', 'objective', 'assessment', 'plan'] as const) {
    for (const bullet of bulletLines(soap[section])) {
      const spans = alignBullet(bullet, sentences);
      const quoted = spans.map((s) => transcript.slice(s.start, s.end)).join(' ');
      const evidenceText = `${quoted} ${normaliseDoses(quoted)}`;
      if (spans.length === 0 || !isSupported(bullet, evidenceText)) {
        result.unsupported.push({ section, bullet });
        continue;
      }
      const lines = result.sections[section];
      result.evidence.push({
        section,
        line: lines.length,
        bullet,
        spans: toEvidenceSpans(transcript, spans, placed),
      });
      lines.push(bullet);
    }
  }
  return result;
}
