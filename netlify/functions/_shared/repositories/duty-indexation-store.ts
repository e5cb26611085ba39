/**
 * Store `duty-indexation`: one record, `years`, the yearly indexation ratios principals added
 * after the years shipped in src/content/transfer-duty.ts. One record, so that the checks
 * between years (the previous year must be there, a ratio never below last year's) are
 * decided on the list as it is, in the same conditional write that changes it.
 */
import * as z from 'zod/mini';
import { getJson, openStore, updateJson } from './blobs.ts';

const addedYearSchema = z.object({
  year: z.number().check(z.int()),
  ratio: z.string(),
  source: z.string(),
  addedAt: z.string(),
  /** The account that added it: its id, and its username at the time. */
  addedBy: z.object({ id: z.string(), username: z.string() }),
});
export type AddedDutyYear = z.output<typeof addedYearSchema>;

const recordSchema = z.object({ years: z.array(addedYearSchema) });

const KEY = 'years';
const store = () => openStore('duty-indexation');

/** The added years, oldest first. */
export async function listAddedDutyYears(): Promise<AddedDutyYear[]> {
  const record = await getJson(store(), KEY, recordSchema);
  return [...(record?.years ?? [])].sort((a, b) => a.year - b.year);
}

/**
 * Changes the list with one conditional write: `apply` gets the years as they are (oldest
 * first) and returns the new list, or null to leave it; it may throw to refuse. Returns the
 * list as written.
 */
export async function updateAddedDutyYears(
  apply: (years: AddedDutyYear[]) => AddedDutyYear[] | null,
): Promise<AddedDutyYear[]> {
  const { after } = await updateJson(
    store(),
    KEY,
    recordSchema,
    (current) => {
      const years = apply([...(current?.years ?? [])].sort((a, b) => a.year - b.year));
      return years === null ? null : { years: [...years].sort((a, b) => a.year - b.year) };
    },
    'The duty indexation kept changing while it was saved. Please try again.',
  );
  return after?.years ?? [];
}
