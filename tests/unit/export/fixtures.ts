import type { ClinicalData } from '#shared/schemas/clinical.js';

/** A short, realistic consultation. */
export const BELLA: ClinicalData = {
  consultationDate: '14/03/2026',
  consultationTime: '09:30',
  recordingDuration: '06:12',
  clientName: 'Mrs van der Merwe',
  patientName: 'Bella Rose',
  species: 'Dogs',
  consultationType: 'Sick animal',
  subjective: '- Vomiting since yesterday\n- Stopped eating this morning\n- Drinking normally',
  objective: '- Temperature 39.6 °C\n- Heart rate 110 bpm\n- Weight 12.4 kg',
  assessment: '- Acute gastroenteritis\n- Mild dehydration\n- Prognosis good',
  plan: '- Maropitant 1 mg/kg SC once\n- Bland diet for 3 days\n- Oral rehydration\n- Recheck in 3 days\n- Return sooner if vomiting continues',
};

/** A long consultation: enough bullets to fill several A4 pages. */
export function longNotes(): ClinicalData {
  const lines = (label: string, count: number) =>
    Array.from(
      { length: count },
      (_, index) =>
        `- ${label} ${index + 1}: the herd was examined in the crush; body condition, mucous membranes, rumen fill and faecal consistency were noted for each animal in this group before treatment`,
    ).join('\n');
  return {
    ...BELLA,
    patientName: 'Herd 7 Heifers',
    species: 'Cattle',
    consultationType: 'Farm Visit',
    subjective: lines('History', 25),
    objective: lines('Finding', 30),
    assessment: lines('Assessment', 15),
    plan: lines('Plan item', 25),
  };
}
