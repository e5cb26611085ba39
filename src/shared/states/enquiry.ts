/**
 * The enquiry's pipeline on the lead desk: which status it may move to from which
 * (docs/decisions/052-state-tables-for-the-pipeline-and-the-matter.md). The business is
 * permissive, and the table says so cell by cell: staff may move an enquiry from any status
 * to any other (a lost lead comes back, a quote is withdrawn, a status picked by mistake is
 * put right), and an accepted engagement marks it instructed from wherever it is. A rule the
 * practice adds later is one cell here: the server refuses what a cell refuses (409) and the
 * desk offers only the statuses a cell allows.
 *
 * What a move needs besides its cell is not a state: `lost` needs a reason (a field error,
 * enquiries/pipeline.ts).
 */
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../schemas/lead-desk.ts';
import type { Cell, Refusal, StateTable } from './decision.ts';

/** The only refusal the pipeline can give: a move its table does not allow. */
export type EnquiryRefusalCode = 'enquiry-move-refused';
export type EnquiryCell = Cell<EnquiryStatus, EnquiryRefusalCode>;

/** The words a refused move answers with (no cell refuses one today). */
export const moveRefused = (from: EnquiryStatus, to: EnquiryStatus): Refusal<EnquiryRefusalCode> => ({
  code: 'enquiry-move-refused',
  status: 409,
  message: `An enquiry cannot move from ${from} to ${to}`,
});

/** Every status to every status: each row allows every target, itself included (no change). */
const anyTo = (): { readonly [To in EnquiryStatus]: EnquiryCell } => ({
  new: { next: 'new' },
  contacted: { next: 'contacted' },
  quoted: { next: 'quoted' },
  instructed: { next: 'instructed' },
  lost: { next: 'lost' },
});

/** From (the row) to (the column): the action is the status moved to. */
export const ENQUIRY_PIPELINE: StateTable<EnquiryStatus, EnquiryStatus, EnquiryRefusalCode> = {
  new: anyTo(),
  contacted: anyTo(),
  quoted: anyTo(),
  instructed: anyTo(),
  lost: anyTo(),
};

/** The cell of a move from `from` to `to`. */
export const decideEnquiryMove = (from: EnquiryStatus, to: EnquiryStatus): EnquiryCell => ENQUIRY_PIPELINE[from][to];

/** The statuses an enquiry at `from` may be given, in the pipeline's order (its own first among them where it falls). */
export const statusesFrom = (from: EnquiryStatus): EnquiryStatus[] =>
  ENQUIRY_STATUSES.filter((to) => to === from || decideEnquiryMove(from, to).refused === undefined);
