import { describe, expect, it } from 'vitest';
import { checkRule26, missingRule26 } from '#shared/farm/rule26';

const base = { subjective: '', objective: '', assessment: '', plan: '' };

describe('Rule 26 completeness', () => {
  it('a complete dog record misses nothing', () => {
    const notes = {
      ...base,
      clientName: 'Mrs Botha',
      patientName: 'Bella',
      species: 'Dogs',
      subjective: '- 4 year old spayed female, vaccinations up to date\n- Vomiting for 2 days',
      objective: '- Temperature 39.4, abdomen tense',
      assessment: '- Gastritis',
      plan: '- Maropitant 1 mg/kg SC\n- Recheck in 3 days if still vomiting',
    };
    expect(missingRule26({ notes, breed: 'Labrador' })).toEqual([]);
  });

  it('lists what is missing, and asks for vaccination status only where relevant', () => {
    const notes = {
      ...base,
      patientName: 'Bella',
      species: 'Dogs',
      assessment: '- Gastritis',
      plan: '- Maropitant 1 mg/kg SC',
    };
    expect(missingRule26({ notes }).map((c) => c.item)).toEqual([
      'client',
      'breed',
      'sex',
      'age',
      'findings',
      'vaccination',
      'discharge',
    ]);
    const cattle = { ...notes, species: 'Cattle' };
    expect(checkRule26({ notes: cattle }).map((c) => c.item)).not.toContain('vaccination');
  });

  it("a symptom's duration is not an age", () => {
    const notes = { ...base, subjective: '- Coughing for 3 days', species: 'Cattle' };
    expect(missingRule26({ notes }).map((c) => c.item)).toContain('age');
    expect(missingRule26({ notes, age: '4 years' }).map((c) => c.item)).not.toContain('age');
  });

  it('reads Afrikaans notes and accepts a herd group as the patient', () => {
    const notes = {
      ...base,
      clientName: 'Van der Merwe Boerdery',
      species: 'Sheep',
      subjective: '- Ooie, 3 jaar oud',
      objective: '- Bloedarmoede, bottelkakebeen',
      assessment: '- Haarwurm',
      plan: '- Closantel 10 mg/kg gedrenk\n- Kom terug oor 14 dae',
    };
    expect(missingRule26({ notes, groupName: 'Kamp 3 ooie', breed: 'Dorper' })).toEqual([]);
  });
});
