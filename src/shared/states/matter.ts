/**
 * A matter's milestones: what ticking and unticking one does in each of its states
 * (docs/decisions/052-state-tables-for-the-pipeline-and-the-matter.md). The business is
 * permissive for the milestones staff keep by hand: any may be ticked or unticked at any
 * time (a step done out of order, a tick put back), and the table says so. The milestones
 * that follow the records (src/content/matters.ts, RECORDED_MILESTONES: the costs
 * agreement, due diligence) refuse both, in every state. The server acts on these cells;
 * the desk shows a milestone as a form only where a cell allows a change.
 *
 * What a tick needs besides its cell is not a state: marking the contracts exchanged needs
 * the contract date (matters/matter-workflow.ts).
 */
import { RECORDED_MILESTONES } from '#src/content/matters.ts';
import type { Cell, Refusal, StateTable } from './decision.ts';

export const MILESTONE_STATES = ['not-done', 'done'] as const;
export type MilestoneState = (typeof MILESTONE_STATES)[number];
export const MILESTONE_ACTIONS = ['mark-done', 'mark-not-done'] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

export type MatterRefusalCode = 'milestone-recorded';
export type MilestoneCell = Cell<MilestoneState, MatterRefusalCode>;

export const MILESTONE_RECORDED: Refusal<MatterRefusalCode> = {
  code: 'milestone-recorded',
  status: 409,
  message: 'This milestone follows the records (the costs agreement, due diligence): it cannot be ticked by hand',
};

/** A milestone staff keep: either way from either state. */
const BY_HAND: StateTable<MilestoneState, MilestoneAction, MatterRefusalCode> = {
  'not-done': { 'mark-done': { next: 'done' }, 'mark-not-done': { next: 'not-done' } },
  done: { 'mark-done': { next: 'done' }, 'mark-not-done': { next: 'not-done' } },
};

/** A milestone the records keep: never by hand. */
const BY_THE_RECORDS: StateTable<MilestoneState, MilestoneAction, MatterRefusalCode> = {
  'not-done': { 'mark-done': { refused: MILESTONE_RECORDED }, 'mark-not-done': { refused: MILESTONE_RECORDED } },
  done: { 'mark-done': { refused: MILESTONE_RECORDED }, 'mark-not-done': { refused: MILESTONE_RECORDED } },
};

export const isRecordedMilestone = (key: string): boolean => (RECORDED_MILESTONES as readonly string[]).includes(key);

/** The table a milestone follows. */
export const milestoneTable = (key: string): StateTable<MilestoneState, MilestoneAction, MatterRefusalCode> =>
  isRecordedMilestone(key) ? BY_THE_RECORDS : BY_HAND;

/** The cell of `action` on the milestone `key` while it is `done` (or not). */
export const decideMilestone = (key: string, done: boolean, action: MilestoneAction): MilestoneCell =>
  milestoneTable(key)[done ? 'done' : 'not-done'][action];

/** The action that sets a milestone to `done`. */
export const milestoneAction = (done: boolean): MilestoneAction => (done ? 'mark-done' : 'mark-not-done');

/** True when staff may change the milestone at all from where it is (the desk's form or read-only line). */
export const canChangeMilestone = (key: string, done: boolean): boolean =>
  MILESTONE_ACTIONS.some((action) => decideMilestone(key, done, action).refused === undefined);
