/**
 * A matter's settlement day, for ongoing due diligence (AML/CTF Act s 30): a verified
 * matter is screened again in the week before it settles. In the due-diligence room, which
 * asks it, below the matters room (decision 055); the matter's view reads its deadline facts here.
 */
import { matterDeadlines, type DeadlineFacts } from '#src/shared/matter-deadlines.ts';
import type { MatterRecord } from '#src/shared/schemas/matter.ts';
import { getMatter, listMatters, matterIdOf } from '../repositories/matters-store.ts';

/** What the deadline engine needs of a stored matter. */
export const deadlineFactsOf = (record: MatterRecord): DeadlineFacts => ({
  side: record.side,
  propertyType: record.propertyType,
  contractDate: record.contractDate,
  coolingOff: record.coolingOff,
  settlementDate: record.settlementDate,
  ownerOccupier: record.ownerOccupier,
  entityPurchaser: record.entityPurchaser,
  dates: record.dates,
  overrides: record.overrides,
  confirmed: record.confirmed,
});

/** The settlement day (entered, else the contract's default) of a matter not yet settled. */
async function settlementOf(record: MatterRecord): Promise<string | undefined> {
  if (record.ticks.settled?.done === true) return undefined;
  const deadlines = await matterDeadlines(deadlineFactsOf(record));
  return deadlines.find((deadline) => deadline.key === 'settlement')?.date;
}

/** The settlement day of one enquiry's matter, when it has an unsettled one with a date. */
export async function settlementDayOf(enquiryId: string): Promise<string | undefined> {
  const id = await matterIdOf(enquiryId);
  const record = id ? await getMatter(id) : null;
  return record ? settlementOf(record) : undefined;
}

/** Every unsettled matter's settlement day, by enquiry id. */
export async function settlementDaysByEnquiry(): Promise<Map<string, string>> {
  const days = new Map<string, string>();
  for (const record of await listMatters()) {
    const day = await settlementOf(record);
    if (day) days.set(record.enquiryId, day);
  }
  return days;
}
