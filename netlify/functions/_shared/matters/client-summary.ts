/**
 * The client's matter at a glance (issue 34): the responsible solicitor or conveyancer by
 * name, the price and the contract date, how many of the matter's milestones are done, and
 * the conversation (each update request with its answer, newest first). Read from the same
 * record and view as the rest of the client's page (client-matters.ts).
 */
import type { ClientMatterSummary } from '#src/shared/schemas/client-matter.ts';
import type { MatterRecord, MatterView } from '#src/shared/schemas/matter.ts';
import { getSettings } from '../repositories/settings-store.ts';

/** The role Settings gives the responsible person, when they are on the team (never blocks the page). */
async function roleOf(name: string): Promise<string | undefined> {
  try {
    return (await getSettings()).team.find((member) => member.name === name)?.role;
  } catch {
    return undefined;
  }
}

export async function clientSummaryOf(record: MatterRecord, view: MatterView): Promise<ClientMatterSummary> {
  const role = await roleOf(record.responsible);
  return {
    responsible: { name: record.responsible, ...(role ? { role } : {}) },
    ...(record.price ? { price: record.price } : {}),
    ...(record.contractDate ? { contractDate: record.contractDate } : {}),
    progress: {
      done: view.milestones.filter((milestone) => milestone.done).length,
      total: view.milestones.length,
    },
    conversation: record.updateRequests
      .map((request) => ({
        at: request.at,
        ...(request.message ? { message: request.message } : {}),
        ...(request.answeredAt ? { answeredAt: request.answeredAt } : {}),
        ...(request.reply ? { reply: request.reply } : {}),
      }))
      .sort((a, b) => b.at.localeCompare(a.at)),
  };
}
