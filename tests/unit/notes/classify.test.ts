import { describe, expect, it } from 'vitest';
import { classifyUtterances, detectLanguage, headerSection, splitUtterances } from '#shared/notes/index.js';
import {
  cueScores,
  inferSpeaker,
  isQuestion,
  isRecordingControl,
  isSmallTalk,
  stripOpeners,
} from '#shared/notes/classify.js';

/** Section (or null) of every utterance of a transcript, keyed by its text. */
function sections(transcript: string): Record<string, string | null> {
  return Object.fromEntries(
    classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section]),
  );
}

describe('utterance splitting', () => {
  it('splits turns into sentences with exact offsets, keeping decimals and abbreviations whole', () => {
    const transcript = 'Temperature 39.4 today. Dr. Smit agrees!\nNext line?';
    const utterances = splitUtterances(transcript);
    expect(utterances.map((u) => u.text)).toEqual([
      'Temperature 39.4 today.',
      'Dr. Smit agrees!',
      'Next line?',
    ]);
    for (const u of utterances) expect(transcript.slice(u.start, u.end)).toBe(u.text);
    expect(utterances.map((u) => u.turn)).toEqual([0, 0, 1]);
  });
  it('reads speaker labels and leaves "Patient is…" alone', () => {
    const utterances = splitUtterances(
      '[doctor] how is he\n[patient] he is limping\nClient: He vomited.\nPatient is a 3 year old ewe.',
    );
    expect(utterances.map((u) => u.labelledSpeaker)).toEqual(['vet', 'client', 'client', 'unknown']);
    expect(utterances[3]!.text).toBe('Patient is a 3 year old ewe.');
  });
  it('cuts unpunctuated run-on speech at discourse markers', () => {
    const runOn =
      'i was walking up the stairs with the laundry basket and i slipped and fell on my wrist okay so on exam your wrist is swollen and tender over the radius and you have reduced range of motion';
    expect(splitUtterances(runOn).length).toBeGreaterThan(1);
  });
});

describe('classifier rules', () => {
  it('rule 1: drops recording control and small talk even next to clinical words', () => {
    expect(isRecordingControl('Okay, recording.')).toBe(true);
    expect(isRecordingControl('Einde van notas.')).toBe(true);
    expect(isSmallTalk('Oh, and the owner asked us to put the dental on her account.')).toBe(true);
    expect(isSmallTalk('Sjoe, dis warm vandag.')).toBe(true);
    expect(isSmallTalk('Temperature 39.2, heart rate 100.')).toBe(false);
    const result = sections('Okay, recording.\nThe rugby on Saturday was great.\nTemperature 39.2 today.');
    expect(result['Okay, recording.']).toBeNull();
    expect(result['The rugby on Saturday was great.']).toBeNull();
    expect(result['Temperature 39.2 today.']).toBe('O');
  });
  it('rule 2: drops questions, with or without a question mark', () => {
    expect(isQuestion('Any diarrhoea?')).toBe(true);
    expect(isQuestion('has he been eating')).toBe(true);
    expect(isQuestion('Het jy hom gedoseer')).toBe(true);
    expect(isQuestion('Verder moet jy vir haar lek gee.')).toBe(false);
    expect(isQuestion('Daar is etter by die wond.')).toBe(false);
  });
  it('rule 3: spoken headers set the section for the dictation that follows', () => {
    expect(headerSection('Plan: meloxicam 0.5 mg/kg.')).toBe('P');
    expect(headerSection('Okay, assessment: GI stasis.')).toBe('A');
    expect(headerSection('By ondersoek is die temperatuur 41,2 grade.')).toBe('O');
    expect(headerSection('Die eienaar sê sy hoes.')).toBe('S');
    expect(headerSection('The rectal examination was normal.')).toBeNull();
    const result = sections(
      'Assessment: bacterial pneumonia.\nThe lungs are worse on the left side.\nPlan: oxytetracycline 20 mg/kg IM.\nKeep her in the shade with water.',
    );
    // A header carries the dictation only where the sentence itself does not say otherwise: an examination
    // finding spoken after 'Assessment:' is still a finding.
    expect(result['The lungs are worse on the left side.']).toBe('O');
    expect(result['Keep her in the shade with water.']).toBe('P');
  });
  it('rule 4: a client turn only ever goes to Subjective', () => {
    expect(inferSpeaker('Hi Doctor. He has been limping since Tuesday.', 'en')).toBe('client');
    expect(inferSpeaker('Doctor, his temperature is 39.5.', 'en')).toBe('unknown');
    // A laboratory unit is read off a machine by the staff, whoever the turn addresses.
    expect(inferSpeaker('Doc, the results are out: sodium is 151 millimoles per litre, urea 12.', 'en')).toBe(
      'unknown',
    );
    expect(inferSpeaker('Dokter, die uitslae is terug: kalium 6,8 mmol/L.', 'af')).toBe('unknown');
    expect(inferSpeaker('Doc, the PCV is 38 percent and the TP is 62.', 'en')).toBe('unknown');
    // Another vet's figure in the past tense stays the owner's history.
    expect(inferSpeaker('Doctor, the other vet said her PCV was 20 last week.', 'en')).toBe('client');
    const result = sections(
      '[patient] I think he has an infection, the wound is swollen and hot.\n[doctor] The wound is swollen and hot.',
    );
    expect(result['I think he has an infection, the wound is swollen and hot.']).toBe('S');
    expect(result['The wound is swollen and hot.']).toBe('O');
  });
  it('rule 5: cue scores pick S, O, A or P, in English and Afrikaans', () => {
    const english = sections(
      [
        'He started vomiting yesterday and has not eaten since.',
        'Heart rate is 120 beats per minute and the abdomen is tense on palpation.',
        'This is most likely pancreatitis; the prognosis is guarded.',
        'I am giving maropitant at 1 mg/kg under the skin, and recheck in two days.',
      ].join('\n'),
    );
    expect(Object.values(english)).toEqual(['S', 'O', 'A', 'P']);
    const afrikaans = sections(
      [
        'Sy hoes al drie dae en het opgehou eet.',
        'Die temperatuur is 41,2 grade en die slymvliese is bleek.',
        'Dit lyk vir my soos longontsteking, waarskynlik pasteurellose.',
        'Ek gee vir haar oxytetracycline 20 mg/kg in die spier, en ek kom terug oor drie dae.',
      ].join('\n'),
    );
    expect(Object.values(afrikaans)).toEqual(['S', 'O', 'A', 'P']);
  });
  it('rule 3/4: handling talk and acknowledgements without clinical content are left out', () => {
    expect(sections('Up on the table. Good boy.\n')).toEqual({ 'Up on the table.': null, 'Good boy.': null });
  });
  it('a sentence right after small talk needs real clinical weight', () => {
    const result = sections(
      'Ek sien julle het reën gehad.\nJa, 15 millimeter gister, die gras sal nou mooi kom.\nSy het gister begin hoes en vreet nie.',
    );
    expect(result['Ja, 15 millimeter gister, die gras sal nou mooi kom.']).toBeNull();
    expect(result['Sy het gister begin hoes en vreet nie.']).toBe('S');
  });
  it('detects the language and strips openers without losing a negation', () => {
    expect(detectLanguage('Die hond het nie geëet nie')).toBe('af');
    expect(detectLanguage('The dog has not eaten')).toBe('en');
    expect(stripOpeners('Okay, so, um, give him water')).toBe('give him water');
    expect(stripOpeners('No food tonight')).toBe('No food tonight');
    expect(stripOpeners('No, he is fine')).toBe('he is fine');
  });
  it('weights drug names with doses toward the Plan', () => {
    const scores = cueScores('Meloxicam 0.1 mg/kg once a day', 'en');
    expect(scores.P).toBeGreaterThan(Math.max(scores.S, scores.O, scores.A));
  });
});
