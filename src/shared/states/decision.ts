/**
 * The shape shared by the state tables (`engagement.ts`, `due-diligence.ts`): each cell of
 * state × action is either the next state or a refusal that a person can read. Plain data,
 * so the server (which acts on it) and the desk (which offers only what it allows) read
 * the same cells.
 */

/** Why an action is refused: a stable code to branch on, the HTTP status and the words shown. */
export interface Refusal<Code extends string = string> {
  readonly code: Code;
  readonly status: number;
  readonly message: string;
}

export type Cell<State extends string, Code extends string> =
  | { readonly next: State; readonly refused?: undefined }
  | { readonly next?: undefined; readonly refused: Refusal<Code> };

export type StateTable<State extends string, Action extends string, Code extends string> = {
  readonly [S in State]: { readonly [A in Action]: Cell<State, Code> };
};

/** True when the cell allows the action (its `next` is the state after it). */
export const isAllowed = <State extends string, Code extends string>(
  cell: Cell<State, Code>,
): cell is { readonly next: State } => cell.refused === undefined;
