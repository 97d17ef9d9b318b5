/**
 * The withdrawal slip of a visit (issue 20 §2): farm, animals, product, dose, treated on, 'no slaughter
 * before' and 'no milk before', in English and Afrikaans on one page (as South African labels are). The
 * same model feeds the PDF (shared/export/slip-pdf.ts) and the WhatsApp / e-mail text.
 */
import { format, parseISO } from 'date-fns';
import { PRODUCT_LABEL } from '../export/messages';
import type { ClinicalData } from '../schemas/clinical';
import { animalLabel, type HerdTreatment, type HerdVisitNotes } from '../schemas/herd';
import texts from './farm-texts.json' with { type: 'json' };
import {
  asSpecies,
  computeWithdrawals,
  latestUsableFrom,
  planTreatments,
  requiredProduce,
  localDay,
  visitInstant,
  type Period,
  type Produce,
  type WithdrawalLine,
  type WithdrawalTreatment,
} from './withdrawal';

export type SlipLanguage = 'en' | 'af';
type SlipTexts = typeof texts.slip.en;
export const slipTexts = (language: SlipLanguage): SlipTexts => texts.slip[language];

export interface SlipInput {
  notes: ClinicalData;
  /** Where stated periods may also be (a sentence the notes left out). */
  transcript?: string | undefined;
  /** A herd visit's treatments with animal tags; absent: the Plan bullets' treatments. */
  treatments?: readonly WithdrawalTreatment[] | undefined;
  groupName?: string | undefined;
  /** When the notes carry no date: the recording's start (or now). */
  fallbackInstant: Date;
}

export interface WithdrawalSlip {
  farm: string;
  species: string;
  groupName: string;
  treatedOn: string;
  lines: WithdrawalLine[];
  /** Produce shown: meat always, milk for dairy species or when a line has a milk period, eggs when any. */
  produce: Produce[];
  latest: Record<Produce, string | null>;
  /** True while some required period is unknown: the slip must not be sent. */
  incomplete: boolean;
}

/**
 * A herd visit's notes for its farm documents: the Plan is the group's and every animal's, as reviewed, so a
 * withdrawal period the vet entered on any card counts (the single note extracted first knows none of them).
 */
export function withHerdPlans(notes: ClinicalData, herd: HerdVisitNotes): ClinicalData {
  const plans = [herd.group.notes.plan, ...herd.animals.map((animal) => animal.notes.plan)];
  return { ...notes, plan: plans.filter((plan) => plan.trim() !== '').join('\n') };
}

export function buildWithdrawalSlip(input: SlipInput): WithdrawalSlip {
  const { notes } = input;
  const species = asSpecies(notes.species);
  const treatedAt = visitInstant(notes, input.fallbackInstant);
  // An ordinary visit's Plan treats the patient of the notes ('Koei 73') unless a count was spoken.
  const patient = (notes.patientName ?? '').trim();
  const fromPlan = planTreatments(notes.plan).map((t) =>
    patient && !t.animalCount ? { ...t, animals: [patient] } : t,
  );
  const lines = computeWithdrawals({
    treatments: input.treatments ?? fromPlan,
    species,
    treatedAt,
    statedIn: [notes.plan, notes.subjective, notes.objective, notes.assessment, input.transcript ?? ''],
  });
  const required = species ? requiredProduce(species) : ['meat' as const];
  const mentioned = (produce: Produce) => lines.some((line) => line.periods[produce].status !== 'unknown');
  const produce = (['meat', 'milk', 'eggs'] as const).filter(
    (p) =>
      p === 'meat' ||
      (p === 'milk' && (required.includes('milk') || mentioned('milk'))) ||
      (p === 'eggs' && mentioned('eggs')),
  );
  return {
    farm: (notes.clientName ?? '').trim(),
    species: (notes.species ?? '').trim(),
    groupName: (input.groupName ?? '').trim(),
    treatedOn: lines[0]?.treatedOn ?? localDay(treatedAt),
    lines,
    produce,
    latest: {
      meat: latestUsableFrom(lines, 'meat'),
      milk: latestUsableFrom(lines, 'milk'),
      eggs: latestUsableFrom(lines, 'eggs'),
    },
    incomplete: lines.some((line) => line.missing.length > 0),
  };
}

/** 31/03/2026: the South African way of writing a date. */
export function slipDate(day: string): string {
  return format(parseISO(day), 'dd/MM/yyyy');
}

const LABEL: Record<Produce, 'noSlaughterBefore' | 'noMilkBefore' | 'noEggsBefore'> = {
  meat: 'noSlaughterBefore',
  milk: 'noMilkBefore',
  eggs: 'noEggsBefore',
};

/** A line's value for one produce in one language: a date, 'no withdrawal', 'not for milk', or missing. */
export function produceValue(line: WithdrawalLine, produce: Produce, language: SlipLanguage): string {
  const t = slipTexts(language);
  const period: Period = line.periods[produce];
  const day = line.usableFrom[produce];
  if (period.status === 'known') return day ? slipDate(day) : t.noRestriction;
  if (period.status === 'not-authorised') return produce === 'eggs' ? t.notForEggs : t.notForMilk;
  return t.missing;
}

export function bilingual(key: keyof SlipTexts): string {
  const en = slipTexts('en')[key];
  const af = slipTexts('af')[key];
  return en === af ? en : `${en} / ${af}`;
}

/** Who a line was given to: tags, a count, or the whole group. */
export function animalsOf(line: WithdrawalLine, language?: SlipLanguage): string {
  const tags = line.treatment.animals ?? [];
  if (tags.length > 0) return tags.join(', ');
  if (line.treatment.animalCount) return String(line.treatment.animalCount);
  return language ? slipTexts(language).wholeGroup : bilingual('wholeGroup');
}

export function productOf(line: WithdrawalLine): string {
  const parts = [line.drug ?? line.treatment.product];
  if (line.treatment.dose) parts.push(line.treatment.dose);
  if (line.treatment.route) parts.push(line.treatment.route);
  return parts.join(' ');
}

/** The slip as a WhatsApp / e-mail text: English then Afrikaans, the same lines in each. */
export function slipText(slip: WithdrawalSlip, options: { practiceName?: string | undefined }): string {
  const block = (language: SlipLanguage) => {
    const t = slipTexts(language);
    const out = [
      `*${t.title}*`,
      `${t.farm}: ${slip.farm || '-'}${slip.groupName ? ` (${slip.groupName})` : ''}`,
    ];
    out.push(`${t.treatedOn}: ${slipDate(slip.treatedOn)}`);
    for (const line of slip.lines) {
      const batch = line.treatment.batchNumber ? ` (${t.batch} ${line.treatment.batchNumber})` : '';
      out.push('', `• ${productOf(line)}${batch} — ${t.animals}: ${animalsOf(line, language)}`);
      for (const produce of slip.produce)
        out.push(`  ${t[LABEL[produce]]}: ${produceValue(line, produce, language)}`);
    }
    if (slip.lines.length > 1) {
      const summary = slipSummary(slip, language);
      if (summary.length > 0) out.push('', ...summary);
    }
    return out;
  };
  return [
    ...block('en'),
    '',
    '—',
    '',
    ...block('af'),
    '',
    options.practiceName?.trim() || PRODUCT_LABEL,
  ].join('\n');
}

/**
 * The blanket dates for every treated animal (the longest of all products), and for each line whose label
 * forbids milk (or eggs) for people, that line's animals: a farmer reading only the summary must not milk
 * them from the blanket date. Empty while a period is missing (an incomplete slip must not read as final).
 */
export function slipSummary(slip: WithdrawalSlip, language: SlipLanguage): string[] {
  if (slip.incomplete || !slip.latest.meat) return [];
  const t = slipTexts(language);
  const meat = slipDate(slip.latest.meat);
  const out = [
    slip.produce.includes('milk') && slip.latest.milk
      ? t.summary.replace('{meat}', meat).replace('{milk}', slipDate(slip.latest.milk))
      : t.summaryMeatOnly.replace('{meat}', meat),
  ];
  for (const line of slip.lines) {
    if (slip.produce.includes('milk') && line.periods.milk.status === 'not-authorised')
      out.push(`${animalsOf(line, language)} (${line.drug ?? line.treatment.product}): ${t.notForMilk}`);
  }
  return out;
}

/** Withdrawal_{farm}_{yyyy-MM-dd}.pdf */
export function slipFileName(slip: WithdrawalSlip): string {
  const farm = (slip.farm || 'Farm').replace(/[\\/:*?"<>|]/g, '').replace(/\s+/g, '_');
  return `Withdrawal_${farm}_${slip.treatedOn}.pdf`;
}

/**
 * A herd visit's treatments (issue 20 §1, the herd split) for the slip: the group's for the group (their
 * spoken count), each animal's with its tag or label.
 */
export function herdTreatments(herd: HerdVisitNotes): Array<HerdTreatment & { animals?: string[] }> {
  return [
    ...herd.group.treatments.map((t) => ({ ...t, animalCount: t.animalCount ?? herd.animalCount })),
    ...herd.animals.flatMap((animal) =>
      animal.treatments.map((t) => ({ ...t, animals: [animal.tag.trim() || animalLabel(animal)] })),
    ),
  ];
}
