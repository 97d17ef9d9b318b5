/**
 * Withdrawal periods and dates for food-animal treatments (issue 20 §2): for every treatment, the first day
 * on which meat, milk (and eggs) may be used again, on the Africa/Johannesburg calendar.
 *
 * Where a period comes from, in order: a period stated in the consultation for that product, a period
 * stated for all products ('withdrawal 28 days'), the registered label value in the formulary for the
 * species (with its source). The formulary's typical seed values are never used for a date: a period
 * that none of these gives is missing, and the review blocks saving until the vet enters it.
 *
 * A treatment is input as the herd split records it (product, dose, route, count, batch, animal tags) so a
 * herd visit passes its per-animal treatments; an ordinary farm visit passes planTreatments(plan).
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, addHours, format, isValid, parse, startOfDay } from 'date-fns';
import { SPECIES, type Species } from '../schemas/clinical';
import { treatmentsIn } from '../notes/herd-treatments';
import { lexicon, type Drug, type WithdrawalLabel } from '../notes/lexicon';
import { findTerms } from '../notes/text';

export const FARM_TIME_ZONE = 'Africa/Johannesburg';

export const PRODUCE = ['meat', 'milk', 'eggs'] as const;
export type Produce = (typeof PRODUCE)[number];

/** One treatment as given: the herd split's HerdTreatment plus the animals it was given to. */
export interface WithdrawalTreatment {
  product: string;
  dose?: string | undefined;
  route?: string | undefined;
  animalCount?: number | undefined;
  batchNumber?: string | undefined;
  /** Ear tags or labels ('Ewe 231'); empty for the whole group or a single animal named in the header. */
  animals?: readonly string[] | undefined;
  /** The Plan bullet or sentence it was read from (shown to the vet, traceability). */
  source?: string | undefined;
  /** When it was given, if not at the visit's time. */
  treatedAt?: Date | undefined;
}

export interface Duration {
  amount: number;
  unit: 'days' | 'hours';
}

export type PeriodSource =
  { kind: 'stated'; text: string } | { kind: 'label'; product: string; source: string };

/** A resolved period: a duration, 'not-authorised' (the label forbids use in milk/egg producers), or unknown. */
export type Period =
  | { status: 'known'; duration: Duration; from: PeriodSource }
  | { status: 'not-authorised'; from: PeriodSource }
  | { status: 'unknown' };

export interface WithdrawalLine {
  treatment: WithdrawalTreatment;
  /** The formulary drug, when the product is known. */
  drug: string | undefined;
  /** Local (SAST) date of treatment, yyyy-MM-dd. */
  treatedOn: string;
  periods: Record<Produce, Period>;
  /** First day the produce may be used (yyyy-MM-dd); null when there is no restriction or no period. */
  usableFrom: Record<Produce, string | null>;
  /** Produce whose period is required for the species but unknown: each one blocks Save. */
  missing: Produce[];
}

const DAIRY_SPECIES: ReadonlySet<Species> = new Set(['Cattle', 'Goats']);

/** The spec's species option for a free-text species ('cattle', 'Beeste' stays unknown). */
export function asSpecies(value: string | undefined): Species | undefined {
  const wanted = (value ?? '').trim().toLowerCase();
  return SPECIES.find((option) => option.toLowerCase() === wanted);
}

export function isFoodAnimal(species: Species | undefined): boolean {
  return species !== undefined && lexicon().foodAnimalSpecies.has(species);
}

/** Produce whose period must be known for the species: meat always; milk for the species SA farms milk. */
export function requiredProduce(species: Species): Produce[] {
  return DAIRY_SPECIES.has(species) ? ['meat', 'milk'] : ['meat'];
}

// ---- stated periods -------------------------------------------------------------------------------------

const PRODUCE_WORDS: Array<[Produce, RegExp]> = [
  [
    'meat',
    /(?<![\p{L}])(?:meat|slaughter(?:ed|ing)?|slag(?:ting)?|geslag|vleis|karkas|carcass)(?![\p{L}])/giu,
  ],
  ['milk', /(?<![\p{L}])(?:milk|melk)(?![\p{L}])/giu],
  ['eggs', /(?<![\p{L}])(?:eggs?|eiers?)(?![\p{L}])/giu],
];
const DURATION =
  /(?<![\p{L}\d.])(\d{1,3})\s*(days?|dae|dag|d|hours?|hrs?|h|uur|ure|weeks?|weke)(?![\p{L}])/giu;
/** A line that is about withholding produce, not e.g. 'milk yield down for 3 days'. */
const WITHHOLD =
  /(?<![\p{L}])(?:withdrawal|withholding|withhold|onttrekking\p{L}*|\p{L}*onttrekking|discard(?:ed)?|weggooi|gooi\s+\p{L}+\s+weg|no\s+slaughter|not\s+(?:be\s+)?(?:slaughter|sell|use)\p{L}*|moenie|nie\s+slag|geen|before\s+slaughter|voor\s+slag)(?![\p{L}])/iu;

export interface StatedPeriod {
  /** Formulary names the line mentions; empty: it applies to every product. */
  drugs: string[];
  periods: Partial<Record<Produce, Duration>>;
  text: string;
}

function durationOf(amount: string, unit: string): Duration {
  const n = Number(amount);
  const u = unit.toLowerCase();
  if (/^(?:hours?|hrs?|h|uur|ure)$/u.test(u)) return { amount: n, unit: 'hours' };
  if (/^(?:weeks?|weke)$/u.test(u)) return { amount: n * 7, unit: 'days' };
  return { amount: n, unit: 'days' };
}

function drugsNamed(line: string): string[] {
  const { drugNames, drugByName } = lexicon();
  const names = findTerms(drugNames, line)
    .map((hit) => drugByName.get(hit.text.toLowerCase().replace(/[\s,]+/gu, ' '))?.name)
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}

/**
 * The withdrawal periods a line states. Produce words and durations pair in order: 'meat 28 days, milk
 * 7 days'; 'meat and milk 28 days' gives both; 'withdrawal 28 days' names no produce and so covers all.
 */
export function statedPeriodsIn(line: string): StatedPeriod | undefined {
  if (!WITHHOLD.test(line)) return undefined;
  const marks: Array<{ index: number; produce?: Produce; duration?: Duration }> = [];
  for (const [produce, pattern] of PRODUCE_WORDS)
    for (const match of line.matchAll(pattern)) marks.push({ index: match.index, produce });
  for (const match of line.matchAll(DURATION))
    marks.push({ index: match.index, duration: durationOf(match[1] ?? '0', match[2] ?? 'days') });
  marks.sort((a, b) => a.index - b.index);
  if (!marks.some((mark) => mark.duration)) return undefined;

  const periods: Partial<Record<Produce, Duration>> = {};
  let pending: Produce[] = [];
  let unassigned: Duration | undefined;
  let lastWasDuration = false;
  const generic: Duration[] = [];
  for (const mark of marks) {
    if (mark.produce) {
      if (lastWasDuration) pending = [];
      if (unassigned)
        periods[mark.produce] ??= unassigned; // '28 days for meat'
      else pending.push(mark.produce);
      lastWasDuration = false;
    } else if (mark.duration) {
      if (pending.length > 0) {
        for (const produce of pending) periods[produce] = mark.duration;
        pending = [];
        unassigned = undefined;
      } else {
        if (unassigned) generic.push(unassigned);
        unassigned = mark.duration;
      }
      lastWasDuration = true;
    }
  }
  if (unassigned && !Object.values(periods).includes(unassigned)) generic.push(unassigned);
  const named = Object.keys(periods).length > 0;
  if (!named && generic[0]) for (const produce of PRODUCE) periods[produce] = generic[0];
  if (Object.keys(periods).length === 0) return undefined;
  return { drugs: drugsNamed(line), periods, text: line.trim() };
}

/** Every stated period in the Plan bullets and the transcript's sentences. */
export function statedPeriods(texts: readonly string[]): StatedPeriod[] {
  return texts
    .flatMap((text) => text.split(/(?<=[.!?])\s+|\n+/u))
    .map(statedPeriodsIn)
    .filter((period): period is StatedPeriod => period !== undefined);
}

// ---- treatments in the Plan -----------------------------------------------------------------------------

function drugOf(product: string): Drug | undefined {
  const { drugByName } = lexicon();
  return drugByName.get(product.toLowerCase().replace(/[\s,]+/gu, ' '));
}

/** A drug whose use in a food animal leaves residues (the formulary's flag and a non-zero seed period). */
export function needsWithdrawal(drug: Drug | undefined): boolean {
  if (!drug?.foodAnimalWithdrawal) return false;
  const w = drug.withdrawal;
  return (w?.meatDays ?? 0) + (w?.milkDays ?? 0) > 0 || Array.isArray(w?.labels);
}

/**
 * The treatments of an ordinary visit's Plan, one per product per bullet. A drug named without a verb of
 * giving or a dose is still counted: a slip that misses a product is worse than one line too many.
 */
export function planTreatments(plan: string): WithdrawalTreatment[] {
  const out: WithdrawalTreatment[] = [];
  for (const raw of plan.split('\n')) {
    const bullet = raw.replace(/^\s*[-•*]\s*/u, '').trim();
    if (!bullet) continue;
    const found = treatmentsIn(bullet, { perAnimal: false });
    const products = new Set(found.map((t) => t.product));
    for (const t of found) out.push({ ...t, source: bullet });
    for (const name of drugsNamed(bullet))
      if (!products.has(name) && withdrawalsWithStatedPeriodOnly(bullet))
        out.push({ product: name, source: bullet });
  }
  return out.filter((t) => needsWithdrawal(drugOf(t.product)));
}

/** A bullet that only states a withdrawal period ('withdrawal meloxicam 15 days') is no treatment. */
function withdrawalsWithStatedPeriodOnly(bullet: string): boolean {
  return statedPeriodsIn(bullet) === undefined;
}

// ---- resolution and dates -------------------------------------------------------------------------------

function labelFor(drug: Drug | undefined, species: Species): WithdrawalLabel | undefined {
  const labels = drug?.withdrawal?.labels;
  return Array.isArray(labels) ? labels.find((label) => label.species.includes(species)) : undefined;
}

function resolve(
  produce: Produce,
  drug: Drug | undefined,
  species: Species,
  stated: readonly StatedPeriod[],
): Period {
  const name = drug?.name;
  // The last statement wins (a correction later in the consultation), a product's own over a general one.
  const own = stated.filter((s) => name !== undefined && s.drugs.includes(name) && s.periods[produce]).at(-1);
  const general = stated.filter((s) => s.drugs.length === 0 && s.periods[produce]).at(-1);
  const chosen = own ?? general;
  const duration = chosen?.periods[produce];
  if (chosen && duration) return { status: 'known', duration, from: { kind: 'stated', text: chosen.text } };
  const label = labelFor(drug, species);
  if (label) {
    const value = produce === 'meat' ? label.meatDays : produce === 'milk' ? label.milkDays : label.eggsDays;
    const from: PeriodSource = { kind: 'label', product: label.product, source: label.source };
    if (typeof value === 'number')
      return { status: 'known', duration: { amount: value, unit: 'days' }, from };
    if (value === 'not-authorised') return { status: 'not-authorised', from };
  }
  return { status: 'unknown' };
}

/**
 * The first local day on which produce may be used: the period runs from the moment of treatment, and the
 * day it ends on is still withheld (a dose at 18:00 with 1 day ends at 18:00 the next day, so the day after
 * that is the first whole day clear). A zero period is no restriction.
 */
export function usableFrom(treatedAt: Date, duration: Duration, timeZone = FARM_TIME_ZONE): string | null {
  if (duration.amount <= 0) return null;
  const local = new TZDate(treatedAt.getTime(), timeZone);
  const end = duration.unit === 'hours' ? addHours(local, duration.amount) : addDays(local, duration.amount);
  return format(addDays(startOfDay(end), 1), 'yyyy-MM-dd');
}

/** The local date of an instant, yyyy-MM-dd. */
export function localDay(instant: Date, timeZone = FARM_TIME_ZONE): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * The visit's moment from the notes' DD/MM/YYYY and HH:MM (South African wall-clock time); without a time,
 * the end of that day (the later, safer start); without a valid date, the fallback instant.
 */
export function visitInstant(
  notes: { consultationDate?: string | undefined; consultationTime?: string | undefined },
  fallback: Date,
  timeZone = FARM_TIME_ZONE,
): Date {
  const date = (notes.consultationDate ?? '').trim();
  const time = (notes.consultationTime ?? '').trim() || '23:59';
  if (!date) return fallback;
  const parsed = parse(`${date} ${time}`, 'dd/MM/yyyy HH:mm', fallback, { in: tz(timeZone) });
  return isValid(parsed) ? new Date(parsed.getTime()) : fallback;
}

export interface WithdrawalInput {
  treatments: readonly WithdrawalTreatment[];
  species: Species | undefined;
  /** When the visit's treatments were given (a treatment's own treatedAt wins). */
  treatedAt: Date;
  /** Plan bullets, other note lines and the transcript: where stated periods are looked for. */
  statedIn: readonly string[];
  timeZone?: string;
}

/** One line per food-animal treatment; none for a companion animal or a product without residues. */
export function computeWithdrawals(input: WithdrawalInput): WithdrawalLine[] {
  const species = input.species;
  if (!species || !isFoodAnimal(species)) return [];
  const timeZone = input.timeZone ?? FARM_TIME_ZONE;
  const stated = statedPeriods(input.statedIn);
  const required = requiredProduce(species);
  const lines: WithdrawalLine[] = [];
  for (const treatment of input.treatments) {
    const drug = drugOf(treatment.product);
    if (!needsWithdrawal(drug)) continue;
    const at = treatment.treatedAt ?? input.treatedAt;
    const periods = {
      meat: resolve('meat', drug, species, stated),
      milk: resolve('milk', drug, species, stated),
      eggs: resolve('eggs', drug, species, stated),
    };
    const dateOf = (period: Period) =>
      period.status === 'known' ? usableFrom(at, period.duration, timeZone) : null;
    lines.push({
      treatment,
      drug: drug?.name,
      treatedOn: localDay(at, timeZone),
      periods,
      usableFrom: { meat: dateOf(periods.meat), milk: dateOf(periods.milk), eggs: dateOf(periods.eggs) },
      missing: required.filter((produce) => periods[produce].status === 'unknown'),
    });
  }
  return lines;
}

/** The latest date over several lines (the longest of several products): yyyy-MM-dd compare as text. */
export function latestUsableFrom(lines: readonly WithdrawalLine[], produce: Produce): string | null {
  let latest: string | null = null;
  for (const line of lines) {
    const day = line.usableFrom[produce];
    if (day && (latest === null || day > latest)) latest = day;
  }
  return latest;
}

/** Per animal tag (and '' for the whole group): the latest dates, so the farmer reads one date per animal. */
export function latestByAnimal(
  lines: readonly WithdrawalLine[],
): Map<string, Record<Produce, string | null>> {
  const byAnimal = new Map<string, WithdrawalLine[]>();
  for (const line of lines) {
    const animals = line.treatment.animals?.length ? line.treatment.animals : [''];
    for (const animal of animals) byAnimal.set(animal, [...(byAnimal.get(animal) ?? []), line]);
  }
  const out = new Map<string, Record<Produce, string | null>>();
  for (const [animal, own] of byAnimal) {
    // Group treatments apply to every animal too.
    const all = animal === '' ? own : [...own, ...(byAnimal.get('') ?? [])];
    out.set(animal, {
      meat: latestUsableFrom(all, 'meat'),
      milk: latestUsableFrom(all, 'milk'),
      eggs: latestUsableFrom(all, 'eggs'),
    });
  }
  return out;
}

/** Why Save is blocked, or null: the products whose required period is still unknown. */
export function missingWithdrawalReason(lines: readonly WithdrawalLine[]): string | null {
  const missing = lines.filter((line) => line.missing.length > 0);
  if (missing.length === 0) return null;
  const parts = missing.map((line) => `${line.drug ?? line.treatment.product} (${line.missing.join(', ')})`);
  return `Enter the withdrawal period in the Plan before saving: ${[...new Set(parts)].join('; ')}.`;
}
