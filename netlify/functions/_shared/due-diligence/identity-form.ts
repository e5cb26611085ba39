/**
 * The identity-details page's form (`POST /engage/{token}/identity`), which works without
 * JavaScript: every field is named by its path in the draft (`parties.0.fullName`,
 * `parties.1.owners.0.dateOfBirth`, `declarations.pep.value`), so the post reads back into
 * the draft's shape and the schema's error paths name the very fields to mark. Which submit
 * button was pressed arrives as `action` (save, submit, add or remove a party or an owner).
 *
 * Pure functions: the route parses, then checks the result with `cddDraftSchema`.
 */
import { FUNDS_SOURCES } from '#src/content/amlctf.ts';
import { CDD_LIMITS, PARTY_TYPES, type PartyType } from '#src/shared/schemas/cdd.ts';
import type { CddDraft, CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';

/** An individual's fields, as the form names them (also an owner's inside a company or trust). */
export const INDIVIDUAL_FIELDS = ['fullName', 'otherNames', 'dateOfBirth', 'address', 'phone', 'email'] as const;
const COMPANY_FIELDS = ['name', 'acnOrAbn', 'registeredAddress', 'principalPlace'] as const;
const TRUST_FIELDS = ['name', 'trustType', 'settlor', 'appointor'] as const;
/** Typed one per line in a text box; a list in the draft. */
export const LIST_FIELDS = ['directors', 'trustees', 'beneficiaries'] as const;
const PARTY_TEXT: Record<PartyType, readonly string[]> = {
  individual: INDIVIDUAL_FIELDS,
  company: COMPANY_FIELDS,
  trust: TRUST_FIELDS,
};
const PARTY_LISTS: Record<PartyType, readonly string[]> = {
  individual: [],
  company: ['directors'],
  trust: ['trustees', 'beneficiaries'],
};
export const YES_NO_QUESTIONS = ['actingForAnother', 'pep', 'foreignPerson'] as const;

export type CddFormAction =
  | { kind: 'save' }
  | { kind: 'submit' }
  | { kind: 'add-party'; type: PartyType }
  | { kind: 'remove-party'; party: number }
  | { kind: 'add-owner'; party: number }
  | { kind: 'remove-owner'; party: number; owner: number };

const INDEX = '(0|[1-9]\\d?)';
const PARTY_KEY = new RegExp(`^parties\\.${INDEX}\\.(\\w+)$`);
const OWNER_KEY = new RegExp(`^parties\\.${INDEX}\\.owners\\.${INDEX}\\.(\\w+)$`);

/** The button pressed; anything unknown (or none: Enter in a field) saves. */
export function parseAction(value: string | null): CddFormAction {
  const [kind, argument = ''] = (value ?? 'save').split(':');
  const indices = argument.split('.').map(Number);
  const valid = (n: number | undefined, max: number) => n !== undefined && Number.isInteger(n) && n >= 0 && n < max;
  switch (kind) {
    case 'submit':
      return { kind: 'submit' };
    case 'add-party':
      return (PARTY_TYPES as readonly string[]).includes(argument)
        ? { kind: 'add-party', type: argument as PartyType }
        : { kind: 'save' };
    case 'remove-party':
    case 'add-owner':
      return argument !== '' && valid(indices[0], CDD_LIMITS.parties) ? { kind, party: indices[0]! } : { kind: 'save' };
    case 'remove-owner':
      return indices.length === 2 && valid(indices[0], CDD_LIMITS.parties) && valid(indices[1], CDD_LIMITS.list)
        ? { kind, party: indices[0]!, owner: indices[1]! }
        : { kind: 'save' };
    default:
      return { kind: 'save' };
  }
}

const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The values of `map` in the order of their keys (indices), gaps closed. */
const inOrder = <T>(map: Map<number, T>): T[] => [...map.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);

const AGENT_PREFIX = 'declarations.actingForAnother';

/**
 * The person acting for the customer (`….agent.fullName`, an individual's fields) and their
 * authority, as posted. The page always shows their fields under the question, so left
 * empty with any answer but yes they are not kept at all.
 */
function actingFor(raw: Map<string, string>, yes: boolean): { agent?: Record<string, string>; authority?: string } {
  const agent: Record<string, string> = {};
  for (const field of INDIVIDUAL_FIELDS) {
    const value = raw.get(`${AGENT_PREFIX}.agent.${field}`);
    if (value !== undefined) agent[field] = value;
  }
  const authority = raw.get(`${AGENT_PREFIX}.authority`);
  return {
    // With a yes, kept even empty, so a submission names each of the person's fields missing.
    ...(yes || Object.values(agent).some((value) => value.trim() !== '') ? { agent } : {}),
    ...(authority ? { authority } : {}),
  };
}

const FUNDS_PREFIX = 'declarations.sourceOfFunds';

/**
 * The sources of funds ticked (one checkbox per kind, `….kind`, several at once), in the
 * order the form lists them so each keeps its place (the schema's messages name it by
 * index); the lender goes with a loan and the details with "something else", and are not
 * kept without them (the page shows their boxes only then). A kind the form does not offer
 * is passed on for the schema to refuse.
 */
function sourcesOfFunds(ticked: string[], raw: Map<string, string>): Record<string, string>[] {
  const kinds = new Set(ticked.filter((kind) => kind !== ''));
  const known = FUNDS_SOURCES.filter((kind) => kinds.has(kind));
  const unknown = [...kinds].filter((kind) => !(FUNDS_SOURCES as readonly string[]).includes(kind));
  const lender = raw.get(`${FUNDS_PREFIX}.lender`);
  const details = raw.get(`${FUNDS_PREFIX}.details`);
  return [...known, ...unknown].map((kind) => ({
    kind,
    ...(kind === 'loan' && lender !== undefined ? { lender } : {}),
    ...(kind === 'other' && details !== undefined ? { details } : {}),
  }));
}

/**
 * The post read back into the draft's shape: parties in index order (at most
 * `CDD_LIMITS.parties`, owners at most `CDD_LIMITS.list` each; further indices are
 * ignored), text boxes of names split one per line, yes/no radios as booleans (with the
 * person acting for the customer and their authority), the sources of funds ticked, and
 * only the fields each kind of party has. The first value of a repeated name counts (the
 * source-of-funds checkboxes aside, which share one name). The result
 * is unchecked: the caller parses it with `cddDraftSchema`.
 */
export function parseCddForm(form: URLSearchParams): { action: CddFormAction; draft: unknown } {
  const raw = new Map<string, string>();
  for (const [key, value] of form) if (!raw.has(key)) raw.set(key, value);

  const parties = new Map<
    number,
    { type?: string; fields: Map<string, string>; owners: Map<number, Record<string, string>> }
  >();
  const partyAt = (index: number) => {
    let party = parties.get(index);
    if (!party) parties.set(index, (party = { fields: new Map(), owners: new Map() }));
    return party;
  };
  for (const [key, value] of raw) {
    const owner = OWNER_KEY.exec(key);
    if (owner) {
      const [, p, o, field] = owner;
      if (Number(p) >= CDD_LIMITS.parties || Number(o) >= CDD_LIMITS.list) continue;
      if (!(INDIVIDUAL_FIELDS as readonly string[]).includes(field!)) continue;
      const owners = partyAt(Number(p)).owners;
      const fields = owners.get(Number(o)) ?? {};
      owners.set(Number(o), { ...fields, [field!]: value });
      continue;
    }
    const party = PARTY_KEY.exec(key);
    if (party) {
      const [, p, field] = party;
      if (Number(p) >= CDD_LIMITS.parties) continue;
      if (field === 'type') partyAt(Number(p)).type = value;
      else partyAt(Number(p)).fields.set(field!, value);
    }
  }

  const draftParties = inOrder(parties).map(({ type, fields, owners }) => {
    const known = (PARTY_TYPES as readonly string[]).includes(type ?? '') ? (type as PartyType) : undefined;
    // An unknown type is passed on as it came, for the schema to refuse with its message.
    if (!known) return { type };
    const party: Record<string, unknown> = { type: known };
    for (const field of PARTY_TEXT[known]) if (fields.has(field)) party[field] = fields.get(field);
    for (const field of PARTY_LISTS[known]) if (fields.has(field)) party[field] = linesOf(fields.get(field)!);
    if (known !== 'individual') party.owners = inOrder(owners);
    return party;
  });

  const declarations: Record<string, unknown> = {};
  for (const question of YES_NO_QUESTIONS) {
    const value = raw.get(`declarations.${question}.value`);
    const details = raw.get(`declarations.${question}.details`);
    const answer: Record<string, unknown> = {};
    if (value === 'yes' || value === 'no') answer.value = value === 'yes';
    if (details !== undefined) answer.details = details;
    if (question === 'actingForAnother') Object.assign(answer, actingFor(raw, answer.value === true));
    if (Object.keys(answer).length) declarations[question] = answer;
  }
  const purpose = raw.get('declarations.purpose');
  if (purpose) declarations.purpose = purpose;
  const purposeDetails = raw.get('declarations.purposeDetails');
  if (purposeDetails !== undefined) declarations.purposeDetails = purposeDetails;
  const funds = sourcesOfFunds(form.getAll(`${FUNDS_PREFIX}.kind`), raw);
  if (funds.length) declarations.sourceOfFunds = funds;

  return { action: parseAction(raw.get('action') ?? null), draft: { parties: draftParties, declarations } };
}

/**
 * The draft after the button's change (a new one: `draft` is not touched), and where the
 * page should land: the party or owner added, or the list one was removed from.
 */
export function applyAction(draft: CddDraft, action: CddFormAction): { draft: CddDraft; anchor: string } {
  const parties = [...draft.parties];
  switch (action.kind) {
    case 'add-party': {
      if (parties.length >= CDD_LIMITS.parties) return { draft, anchor: 'parties' };
      const party: CddDraftParty =
        action.type === 'individual' ? { type: 'individual' } : { type: action.type, owners: [] };
      parties.push(party);
      return { draft: { ...draft, parties }, anchor: `party-${parties.length - 1}` };
    }
    case 'remove-party':
      if (action.party >= parties.length) return { draft, anchor: 'parties' };
      parties.splice(action.party, 1);
      return { draft: { ...draft, parties }, anchor: 'parties' };
    case 'add-owner':
    case 'remove-owner': {
      const party = parties[action.party];
      if (!party || party.type === 'individual') return { draft, anchor: 'parties' };
      const owners = [...(party.owners ?? [])];
      if (action.kind === 'add-owner') {
        if (owners.length >= CDD_LIMITS.list) return { draft, anchor: `party-${action.party}-owners` };
        owners.push({});
      } else if (action.owner < owners.length) {
        owners.splice(action.owner, 1);
      }
      parties[action.party] = { ...party, owners };
      const anchor =
        action.kind === 'add-owner'
          ? `party-${action.party}-owner-${owners.length - 1}`
          : `party-${action.party}-owners`;
      return { draft: { ...draft, parties }, anchor };
    }
    default:
      return { draft, anchor: 'saved' };
  }
}
