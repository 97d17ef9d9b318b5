import { describe, expect, it } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';
import { utteranceFeatures, type NotesModel } from '#shared/notes/model.js';
import weights from '#shared/notes/model/weights.json' with { type: 'json' };
import { aboutAnotherAnimal, patientKinds } from '#shared/notes/patient.js';

/** Section (or 'left') of the utterance containing `part`, the patient field giving `species`. */
function sectionWith(transcript: string, part: string, species?: string): string | undefined {
  const found = classifyUtterances(splitUtterances(transcript), species ? { species } : {}).find((c) =>
    c.utterance.text.toLowerCase().includes(part.toLowerCase()),
  );
  return found ? (found.section ?? 'left') : undefined;
}

const dogVisit = (aside: string): string =>
  [
    "He's been vomiting since Tuesday and won't touch his food.",
    aside,
    'On examination his abdomen is tense and painful, temperature 39.8.',
  ].join('\n');

describe("another animal's story is left out of the notes", () => {
  it("leaves out someone else's animal when the patient is of another kind", () => {
    for (const aside of [
      "Our neighbour's horse went lame and they had to call the farrier twice.",
      'Die bure se perd het verlede maand koliek gehad.',
      "Ons kat vang elke aand 'n muis en los dit op die mat.",
      'Her rabbit chewed through the phone charger last night.',
    ])
      expect(sectionWith(dogVisit(aside), aside.slice(0, 20), 'Dogs'), aside).toBe('left');
  });
  it('leaves out wildlife that has nothing to do with the patient', () => {
    for (const aside of [
      'The baboons broke into the kitchen and ate a whole loaf of bread.',
      'Die jakkalse het weer by die hoenderhok ingekom.',
    ])
      expect(sectionWith(dogVisit(aside), aside.slice(0, 20), 'Dogs'), aside).toBe('left');
  });
  it('keeps another animal that the sentence ties to the patient', () => {
    // The other animal acted on the patient, is of the patient's kind, or is only a comparison.
    for (const aside of [
      "The neighbour's cat scratched him on the nose on Sunday.",
      'Our other dog had the same thing last month.',
      'He eats like a horse when he is well.',
    ])
      expect(sectionWith(dogVisit(aside), aside.slice(0, 20), 'Dogs'), aside).not.toBe('left');
  });
  it('keeps the patient itself when the species field is missing, by how often the transcript names it', () => {
    const transcript = [
      'The goats started coughing on Monday, three goats so far.',
      "Ons buurman se bokke hoes ook, hy's bekommerd.",
      'The goats have a temperature of 40.5 and nasal discharge.',
    ].join('\n');
    expect(patientKinds(transcript.split('\n'))).toContain('goat');
    expect(sectionWith(transcript, 'buurman se bokke')).not.toBe('left');
  });
  it('takes the kind the transcript names most as the patient when the field names none', () => {
    const transcript = [
      'Our cow went down this morning, two days after calving.',
      'She is cold, her temperature is 37.2 and she cannot get up.',
    ].join('\n');
    expect(sectionWith(transcript, 'Our cow went down')).not.toBe('left');
    expect(sectionWith(transcript, 'Our cow went down', 'Other')).not.toBe('left');
  });
  it('does not count a comparison or a kind of food as an animal', () => {
    expect(aboutAnotherAnimal('She eats like a horse.', new Set(['dog']))).toBe(false);
    expect(aboutAnotherAnimal("Sy eet soos 'n perd.", new Set(['dog']))).toBe(false);
    expect(aboutAnotherAnimal('He had a bit of chicken last night.', new Set(['dog']))).toBe(false);
  });
});

describe("the speaker's own animal", () => {
  it('is not the patient, even of the same kind', () => {
    const aside = 'Ha, my own dog stole a whole leg of lamb off the braai on Sunday.';
    expect(sectionWith(dogVisit(aside), 'my own dog', 'Dogs')).toBe('left');
    expect(
      aboutAnotherAnimal('My eie hond het die hele vleis van die braai gesteel.', new Set(['dog'])),
    ).toBe(true);
    expect(aboutAnotherAnimal('My own blood pressure is fine, and the dog is well.', new Set(['dog']))).toBe(
      false,
    );
  });
});

describe("the model's features for whom a sentence is about", () => {
  const features = (text: string) => utteranceFeatures(text, { speaker: 'client', language: 'en' });
  it("marks another animal's story and a person's own health", () => {
    expect(features("The neighbour's horse kicked the gate down again.")).toContain('#other-animal');
    expect(features('Die bobbejane het die hele boord kaal gevreet.')).toContain('#other-animal');
    expect(features('My aunt had her new hip done at the Mediclinic.')).toContain('#own-health');
    expect(features('She has been limping on the left fore since Sunday.')).not.toContain('#other-animal');
    expect(features('She has been limping on the left fore since Sunday.')).not.toContain('#own-health');
  });
  it('has learnt both as chat rather than findings, assessments or plans', () => {
    const model = weights as unknown as NotesModel;
    const L = model.classes.indexOf('L');
    for (const feature of ['#other-animal', '#own-health']) {
      const row = model.features[feature];
      expect(row, feature).toBeDefined();
      for (const section of ['O', 'A', 'P'] as const)
        expect(row![L]!, `${feature} ${section}`).toBeGreaterThan(row![model.classes.indexOf(section)]!);
    }
  });
});

describe("a predator's kill of the flock's animals", () => {
  const eweVisit = (aside: string): string =>
    [
      "Die ooi hoes al vir 'n week en sy eet minder.",
      aside,
      'By ondersoek is haar temperatuur 40.6 en sy hyg.',
    ].join('\n');
  it('is left out, though the prey is of the patient’s kind, in either language', () => {
    for (const aside of [
      'Die bobbejane het die afgelope maand drie lammers by die dam doodgebyt.',
      'A leopard took four calves from the top camp in the winter.',
      "Die muishond het verlede week nog 'n paar henne gevang.",
    ])
      expect(sectionWith(eweVisit(aside), aside.slice(0, 20), 'Sheep'), aside).toBe('left');
  });
  it('is kept when the patient itself was bitten or chased: no count of the flock', () => {
    const aside = 'A jackal bit the old ewe on the hind leg on Sunday night.';
    expect(sectionWith(eweVisit(aside), aside.slice(0, 20), 'Sheep')).toBe('S');
  });
  it('keeps what comes before it in run-on speech', () => {
    const line =
      "sy kry net 'n bietjie lek en hooi in die aand en die bobbejane het die afgelope maand drie lammers doodgebyt";
    expect(sectionWith(line, "sy kry net 'n bietjie lek", 'Sheep')).toBe('S');
  });
});

describe("'her' as the object, not a possessive", () => {
  it('keeps the patient bitten or chased by another animal, in either language', () => {
    const visit = (aside: string): string =>
      ['The ewe has been lame on the left hind since Sunday.', aside, 'Her temperature is 40.2.'].join('\n');
    for (const aside of [
      'A jackal bit her on the hind leg on Sunday night.',
      "'n Bobbejaan het haar gister in die kamp gebyt.",
    ])
      expect(sectionWith(visit(aside), aside.slice(0, 20), 'Sheep'), aside).toBe('S');
  });
  it("still reads 'her' before a noun as someone's", () => {
    const aside = 'Her rabbit chewed through the phone charger last night.';
    expect(sectionWith(dogVisit(aside), aside.slice(0, 20), 'Dogs')).toBe('left');
  });
});
