/** Public surface of the clinical-notes module (shared by the web app and the API). */
export { extractClinicalNotes, completeResponse, headerFields, type ExtractionTrace } from './extract';
export { alignNotes, alignBullet, type AlignedNotes } from './align';
export { isNewFormat, toSoapFormat, bulletLines } from './format';
export { summariseNotes, notesAsText, SUMMARY_PLAN_LINES, type NotesSummary } from './summary';
export { checkPlanSafety, inferSpecies } from './safety';
export {
  normaliseDoses,
  extractVitals,
  numberWordsToDigits,
  parseNumberWords,
  type Language,
} from './normalise';
export { classifyUtterances, detectLanguage, headerSection, type Classified } from './classify';
export { splitUtterances, type Utterance } from './split';
export { supportRatio, isSupported } from './evidence';
