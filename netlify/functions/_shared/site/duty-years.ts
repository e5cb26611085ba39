/**
 * The transfer duty years the server works figures with: the years shipped in
 * src/content/transfer-duty.ts and those principals added (store `duty-indexation`), each
 * year's table made by the Act's rule (src/shared/duty-tables.ts). Every server figure
 * (an enquiry's stored quote, an engagement's disclosure and PDF) takes its tables from
 * `dutyTables()`, and the build hands the same years to /quote, so all of them use the year
 * of the contract date once it is added.
 *
 * A year is added after the one before it (its floor, s 33AC(4), is that year's table), with
 * a ratio not below that year's, and no later than the year that starts next 1 July (the
 * Chief Commissioner publishes it before then, s 33AF).
 */
import { now } from '#src/shared/clock.ts';
import { SHIPPED_DUTY_INDEXATIONS, type DutyIndexation, type TransferDutyTable } from '#src/content/transfer-duty.ts';
import {
  dutyTablesFrom,
  dutyYearOf,
  financialYearLabel,
  missingDutyYear,
  ratioInThousandths,
} from '#src/shared/duty-tables.ts';
import {
  DUTY_YEAR_PATTERN,
  type DutyIndexationInput,
  type DutyIndexationList,
  type DutyYearRow,
  type DutyYearTable,
} from '#src/shared/schemas/duty-indexation.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { Refused } from '../platform/refused.ts';
import { listAddedDutyYears, updateAddedDutyYears, type AddedDutyYear } from '../repositories/duty-indexation-store.ts';

const NEWEST_SHIPPED = SHIPPED_DUTY_INDEXATIONS.at(-1)!.year;

const asIndexation = (added: AddedDutyYear): DutyIndexation => ({
  year: added.year,
  ratio: added.ratio,
  source: added.source,
  checked: sydneyToday(Date.parse(added.addedAt)),
});

/** Every year, shipped and added, oldest first. */
export async function dutyIndexations(): Promise<DutyIndexation[]> {
  return [...SHIPPED_DUTY_INDEXATIONS, ...(await listAddedDutyYears()).map(asIndexation)];
}

/** Every year's table, newest first: what `computeQuote` is given on the server. */
export const dutyTables = async (): Promise<TransferDutyTable[]> => dutyTablesFrom(await dutyIndexations());

const tableView = (table: TransferDutyTable): DutyYearTable => ({
  effective: table.effective,
  ranges: table.general.map(({ from, base, centsPer100 }) => ({ from, base, centsPer100 })),
  premium: { ...table.premium },
  source: table.source.name,
});

export async function listDutyYears(today = sydneyToday(now())): Promise<DutyIndexationList> {
  const added = await listAddedDutyYears();
  const tables = dutyTablesFrom([...SHIPPED_DUTY_INDEXATIONS, ...added.map(asIndexation)]);
  const years = tables.map((table): DutyYearRow => {
    const year = dutyYearOf(table.effective);
    const by = added.find((entry) => entry.year === year);
    return {
      year,
      label: financialYearLabel(year),
      ratio: table.ratio,
      ...tableView(table),
      shipped: !by,
      addedAt: by?.addedAt ?? null,
      addedBy: by?.addedBy.username ?? null,
    };
  });
  return { years, missing: missingDutyYear(today, tables) };
}

/** The year in a path: four digits, else the 404 every unknown address gets. */
export function parseDutyYear(text: string | undefined): number {
  if (!text || !DUTY_YEAR_PATTERN.test(text)) throw new Refused('not-found', 'There is no such duty year');
  return Number(text);
}

const ratioError = (message: string) => new Refused('invalid', message, { fieldErrors: { ratio: [message] } });

/**
 * Adds `year` (or replaces its ratio, when it was added before) and answers its table as
 * made from the list as written. Refused (400): a shipped year or one before it, a year past
 * the one that starts next 1 July, a year whose previous year is not in, a ratio below the
 * previous year's or above the next year's (an added later year would otherwise fall).
 */
export async function saveDutyYear(
  year: number,
  input: DutyIndexationInput,
  by: SessionUser,
  at = now(),
): Promise<DutyYearTable> {
  const latestAllowed = dutyYearOf(sydneyToday(at)) + 1;
  if (year <= NEWEST_SHIPPED) {
    throw new Refused(
      'invalid',
      `The ${financialYearLabel(year)} thresholds are part of the product and cannot be changed here`,
    );
  }
  if (year > latestAllowed) {
    throw new Refused(
      'invalid',
      `The ${financialYearLabel(year)} indexation cannot be added yet: the latest year that can be is ${financialYearLabel(latestAllowed)}`,
    );
  }
  const ratio = ratioInThousandths(input.ratio);
  const written = await updateAddedDutyYears((years) => {
    const ratioOf = (wanted: number) =>
      years.find((entry) => entry.year === wanted)?.ratio ??
      SHIPPED_DUTY_INDEXATIONS.find((entry) => entry.year === wanted)?.ratio;
    const previous = ratioOf(year - 1);
    if (previous === undefined) {
      throw new Refused('invalid', `Please add the ${financialYearLabel(year - 1)} duty indexation first`);
    }
    if (ratio < ratioInThousandths(previous)) {
      throw ratioError(`The ratio cannot be below ${financialYearLabel(year - 1)}’s (${previous})`);
    }
    const next = ratioOf(year + 1);
    if (next !== undefined && ratio > ratioInThousandths(next)) {
      throw ratioError(`The ratio cannot be above ${financialYearLabel(year + 1)}’s (${next})`);
    }
    const entry: AddedDutyYear = {
      year,
      ratio: input.ratio,
      source: input.source,
      addedAt: new Date(at).toISOString(),
      addedBy: { id: by.id, username: by.username },
    };
    return [...years.filter((other) => other.year !== year), entry];
  });
  const table = dutyTablesFrom([...SHIPPED_DUTY_INDEXATIONS, ...written.map(asIndexation)]).find(
    (candidate) => dutyYearOf(candidate.effective) === year,
  )!;
  return tableView(table);
}

/**
 * Withdraws an added year (entered in error): only the newest added one, since every later
 * year is made on top of it. 404 when it was never added; 400 for a shipped year; 409 while a
 * later year is in.
 */
export async function withdrawDutyYear(year: number): Promise<void> {
  if (year <= NEWEST_SHIPPED) {
    throw new Refused(
      'invalid',
      `The ${financialYearLabel(year)} thresholds are part of the product and cannot be withdrawn`,
    );
  }
  await updateAddedDutyYears((years) => {
    if (!years.some((entry) => entry.year === year)) throw new Refused('not-found', 'There is no such duty year');
    if (years.some((entry) => entry.year > year)) {
      throw new Refused('conflict', `Please withdraw the ${financialYearLabel(year + 1)} duty indexation first`);
    }
    return years.filter((entry) => entry.year !== year);
  });
}
