import { describe, expect, it } from 'vitest';
import { findNotifiable, mentionsIn, summariseNotifiable } from '#shared/farm/notifiable';

const ids = (text: string) => mentionsIn(text).map((m) => `${m.disease.id}:${m.status}`);
const notes = (parts: Partial<Record<'subjective' | 'objective' | 'assessment' | 'plan', string>>) => ({
  subjective: '',
  objective: '',
  assessment: '',
  plan: '',
  ...parts,
});

describe('notifiable disease matcher', () => {
  it('finds the diseases by their English names', () => {
    expect(ids('Suspect foot-and-mouth disease: vesicles on the tongue and feet')).toEqual(['fmd:suspected']);
    expect(ids('Sudden death, blood from the nostrils, possible anthrax')).toEqual(['anthrax:suspected']);
    expect(ids('Lumpy skin disease in three heifers')).toEqual(['lsd:suspected']);
    expect(ids('African horse sickness likely, swollen supraorbital fossae')).toEqual(['ahs:suspected']);
    expect(ids('Bird flu in the layer house')).toEqual(['avian-influenza:suspected']);
    expect(ids('Two TB reactors at the skin test')).toEqual(['bovine-tb:suspected']);
  });

  it('finds them by their Afrikaans names', () => {
    expect(ids('Vermoedelik bek-en-klouseer, blase op die tong')).toEqual(['fmd:suspected']);
    expect(ids('Skielike vrekte, miltsiekte vermoed')).toEqual(['anthrax:suspected']);
    expect(ids('Koei het besmetlike misgeboorte, aborsie op 7 maande')).toEqual(['brucellosis:suspected']);
    expect(ids('Hond gebyt deur jakkals, hondsdolheid moontlik')).toEqual(['rabies:suspected']);
    expect(ids('Knopvelsiekte by drie verse')).toEqual(['lsd:suspected']);
    expect(ids('Perdesiekte vermoed, koors 40.5')).toEqual(['ahs:suspected']);
    expect(ids('Voëlgriep in die lêhenne')).toEqual(['avian-influenza:suspected']);
    expect(ids('Afrikaanse varkpes kan nie uitgesluit word nie')).toEqual(['asf:suspected']);
  });

  it('a negated mention is kept as ruled out (it still reminds, quietly); a double negative is a suspicion', () => {
    expect(ids('No sign of rabies')).toEqual(['rabies:ruled-out']);
    expect(ids('Geen tekens van hondsdolheid nie')).toEqual(['rabies:ruled-out']);
    expect(ids('Cannot rule out anthrax')).toEqual(['anthrax:suspected']);
    expect(ids('Ons kan nie miltsiekte uitsluit nie')).toEqual(['anthrax:suspected']);
    // The negation belongs to its own clause only.
    expect(ids('No lameness, but lumpy skin disease lesions on the neck')).toEqual(['lsd:suspected']);
  });

  it('vaccinations do not remind', () => {
    expect(ids('Rabies vaccine given')).toEqual([]);
    expect(ids('Ingeënt teen knopvelsiekte en miltsiekte')).toEqual([]);
    expect(ids('Vaccinated for anthrax last year')).toEqual([]);
  });

  it('false friends do not match', () => {
    expect(ids('Milt vergroot by nekropsie')).toEqual([]); // milt = spleen
    expect(ids('Die perd is siek en eet nie')).toEqual([]); // a sick horse is not perdesiekte
    expect(ids('Droes: etter uit die neus, geswelde kliere')).toEqual([]); // strangles, not glanders
    expect(ids('Kwade droes vermoed')).toEqual(['glanders:suspected']);
    expect(ids('Farm near Newcastle, KZN')).toEqual([]); // a town
    expect(ids('Foot rot in the ewes, vrotpootjie')).toEqual([]);
    expect(ids('Draaisiekte in a lamb, circling')).toEqual([]); // gid
    expect(ids('lsd and ppr in lower case are not abbreviations')).toEqual([]);
    expect(ids('Heart rate stable, tablets continued')).toEqual([]);
  });

  it('collects mentions over the notes and sorts suspected first', () => {
    const found = findNotifiable(
      notes({
        subjective: '- Owner worried about rabies',
        objective: '- No sign of rabies\n- Vesicles on feet',
        assessment: '- Suspect foot-and-mouth disease',
      }),
    );
    expect(found.map((m) => [m.section, m.line, m.disease.id, m.status])).toEqual([
      ['subjective', 0, 'rabies', 'suspected'],
      ['objective', 0, 'rabies', 'ruled-out'],
      ['assessment', 0, 'fmd', 'suspected'],
    ]);
    const summary = summariseNotifiable(found);
    expect(summary.map((s) => [s.disease.id, s.status])).toEqual([
      ['rabies', 'suspected'],
      ['fmd', 'suspected'],
    ]);
    expect(
      summariseNotifiable(findNotifiable(notes({ assessment: '- Geen bek-en-klouseer nie' })))[0]?.status,
    ).toBe('ruled-out');
  });
});
