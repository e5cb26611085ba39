/**
 * The client's bank details for a matter (docs/decisions/046-verified-funds-channel.md):
 *
 * - The client enters them on /matter/ within 15 minutes of signing in (`submitPayout`); each
 *   set is a new version at `submitted`, with the phone numbers the practice had on record
 *   for the client at that moment (the enquiry's, the identity record's), sealed with it. A
 *   set entered within 7 days of settlement, or of a change to the client's address, is high
 *   risk. Every set alerts the principals, the alert address and the webhook (naming the
 *   matter, never the digits) and e-mails the client's address on record.
 * - Staff read them masked (`payoutView`), in full only through the audited reveal, and
 *   there only with a passkey sign-in when the practice requires passkeys.
 * - A member of staff rings the client on one of the numbers on record, reads the details
 *   back and records the call-back; another person approves (a principal for high risk), and
 *   never one whose payee check did not match. The state table (src/shared/states/payout.ts)
 *   decides what each state allows.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import type { PayoutDetails } from '#src/shared/schemas/bank-account.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import type { MatterRecord } from '#src/shared/schemas/matter.ts';
import type {
  CallBackInput,
  HighRiskReason,
  PayoutNextStep,
  PayoutQueueItem,
  PayoutRevealed,
  PayoutVersionView,
  PayoutView,
} from '#src/shared/schemas/payout.ts';
import { addCalendarDays, sydneyToday } from '#src/shared/sydney-time.ts';
import { isAllowed } from '#src/shared/states/decision.ts';
import {
  PAYOUT_TRANSITIONS,
  payoutApprovalRefusal,
  type PayoutAction,
  type PayoutCell,
  type PayoutStatus,
} from '#src/shared/states/payout.ts';
import { practicePhone } from '../due-diligence/require-cdd-key.ts';
import { Refused, refusalKind } from '../platform/refused.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from '../mail/client-mail.ts';
import { sydneyTime } from '../mail/staff-alerts.ts';
import { matterView } from '../matters/matter-view.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { getCdd } from '../repositories/due-diligence-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { getMatter, listMatters } from '../repositories/matters-store.ts';
import {
  getPayout,
  listPayouts,
  openCallBack,
  openDetails,
  sealCallBack,
  sealDetails,
  updatePayout,
  type PayoutRecord,
} from '../repositories/payouts-store.ts';
import { noticePrincipals } from './money-notices.ts';
import { lastClientAddressChangeAt, practiceRequiresPasskeys } from './sign-in-facts.ts';

/** How long after signing in a client may see the trust account and enter bank details. */
export const FRESH_SIGN_IN_MINUTES = 15;
/** Details entered this close to settlement, or to a change of the client's address, are high risk. */
export const HIGH_RISK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SIGN_IN_AGAIN =
  'For your safety, bank details can be shown or entered only within 15 minutes of signing in. Please sign in again.';
export const NO_PAYOUT = 'The client has not entered bank details for this matter';
export const NOT_ON_RECORD =
  'Ring a number we had for the client before these details arrived: the enquiry’s phone or the one on the identity record. Never a number given with the details.';
export const CALLED_IN_FUTURE = 'The call cannot be later than now';
export const PASSKEY_NEEDED =
  'The practice requires passkeys: sign in with your passkey to see a client’s bank details in full';

/** True when the client signed in (opened the link) within the last 15 minutes. */
export const signedInRecently = (signedInAt: number, at = currentTime()): boolean =>
  at - signedInAt <= FRESH_SIGN_IN_MINUTES * 60 * 1000;

const isoNow = () => new Date(currentTime()).toISOString();
const who = (user: Pick<SessionUser, 'id' | 'username'>) => ({ id: user.id, username: user.username });
const current = (record: PayoutRecord) => record.versions.at(-1)!;

function allowed(status: PayoutStatus, action: PayoutAction): PayoutStatus {
  const cell: PayoutCell = PAYOUT_TRANSITIONS[status][action];
  if (!isAllowed(cell)) throw new Refused(refusalKind(cell.refused.status), cell.refused.message);
  return cell.next;
}

/** A phone number as digits, `+61` read as the leading 0, so "+61 412 345 678" is "0412 345 678". */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '').replace(/^61(?=\d{9}$)/, '0');

/** Every `phone` in the identity record's parties, owners and the person acting. */
function phonesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(phonesIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) =>
    key === 'phone' && typeof field === 'string' ? [field] : phonesIn(field),
  );
}

/** The numbers the practice has for the client now: the enquiry's and the identity record's. */
async function numbersOnRecord(record: MatterRecord): Promise<string[]> {
  const enquiry = await getStoredEnquiry(record.enquiryId);
  const cdd = await getCdd(record.enquiryId);
  const phones = [enquiry?.record.phone ?? '', ...(cdd ? phonesIn(cdd.record.parties) : [])];
  const declarations: unknown = cdd?.record.declarations;
  phones.push(...phonesIn(declarations));
  return [...new Set(phones.map(phoneDigits).filter((digits) => digits.length >= 6))];
}

async function highRiskReasons(record: MatterRecord, at: number): Promise<HighRiskReason[]> {
  const reasons: HighRiskReason[] = [];
  const settlement = (await matterView(record, at)).deadlines.find((deadline) => deadline.key === 'settlement');
  if (settlement && settlement.date <= addCalendarDays(sydneyToday(at), HIGH_RISK_DAYS))
    reasons.push('near-settlement');
  if (await lastClientAddressChangeAt(record.enquiryId, at - HIGH_RISK_DAYS * DAY_MS)) reasons.push('address-changed');
  return reasons;
}

const changedSentence = (at: string, phone: string) =>
  `Your bank details for this matter were changed on ${sydneyTime.format(new Date(at))} (Sydney time). If this was not you, call us now on ${phone}.`;

/** `PUT /api/my-matters/{id}/payout`: the signed-in client's matter (`record`), within 15 minutes of signing in. */
export async function submitPayout(
  record: MatterRecord,
  details: PayoutDetails,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<{ status: 'submitted' }> {
  const at = currentTime();
  const submittedAt = new Date(at).toISOString();
  const knownNumbers = await numbersOnRecord(record);
  const reasons = await highRiskReasons(record, at);
  const { after } = await updatePayout(record.id, async (existing) => {
    if (existing) allowed(existing.status, 'submit');
    const index = existing?.versions.length ?? 0;
    const version = {
      submittedAt,
      highRisk: reasons.length > 0,
      highRiskReasons: reasons,
      sealed: await sealDetails(record.id, index, { ...details, knownNumbers }),
    };
    return {
      matterId: record.id,
      enquiryId: record.enquiryId,
      status: 'submitted',
      versions: [...(existing?.versions ?? []), version],
      updatedAt: submittedAt,
    };
  });
  const index = after!.versions.length - 1;
  await recordAudit({ by: 'system', action: 'payout.submit', target: `${record.id} version ${index + 1}` });
  await tellOfNewDetails(record, index, submittedAt, reasons, waitUntil);
  return { status: 'submitted' };
}

/** Principals, the alert address and the webhook hear at once (never the digits); the client's address on record too. */
async function tellOfNewDetails(
  record: MatterRecord,
  index: number,
  at: string,
  reasons: HighRiskReason[],
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const first = index === 0;
  await noticePrincipals(
    `payout/${record.id}/${index}`,
    {
      subject: `${first ? 'New' : 'Changed'} bank details for the matter of ${record.client.name}${reasons.length ? ' (high risk)' : ''}`,
      text: [
        `${record.client.name} ${first ? 'entered bank details' : 'changed the bank details'} for matter ${record.id} on their matter page, ${sydneyTime.format(new Date(at))} (Sydney time).`,
        ...(reasons.length ? ['', 'High risk: a principal must approve them, after the call-back.'] : []),
        '',
        'Nobody pays to them until someone rings the client on a number we already had, reads them back, and another person approves them (Matters › Bank details).',
        'If the client did not expect this, call them now on a number on record.',
      ].join('\n'),
    },
    `bank details ${first ? 'entered' : 'changed'} for matter ${record.id}`,
    waitUntil,
  );
  if (!clientMailConfigured()) return;
  const id = `payout-${record.id}-${index}`;
  const queued = await queueClientMail({
    id,
    enquiryId: record.enquiryId,
    to: record.client.email,
    matter: true,
    subject: 'Your bank details for this matter were changed',
    text: [`Dear ${record.client.name},`, '', changedSentence(at, await practicePhone())].join('\n'),
  });
  if (queued) waitUntil(deliverClientMail(id).catch((error: unknown) => console.error('[payout] client mail:', error)));
}

function nextStep(record: PayoutRecord): PayoutNextStep {
  const version = current(record);
  if (record.status === 'submitted') {
    return { step: 'call-back', label: 'Record the call-back: anyone at the practice may ring the client' };
  }
  if (record.status === 'called-back') {
    const callBack = version.callBack!;
    if (callBack.payeeCheck === 'no-match') {
      return { step: 're-enter', label: 'The payee check did not match: ask the client to enter the details again' };
    }
    const whom = version.highRisk ? 'a principal' : 'another person';
    return {
      step: 'approve',
      label: `Approve: ${whom} other than ${callBack.by.username}, who called back`,
      notBy: [callBack.by.id],
      ...(version.highRisk ? { principalOnly: true } : {}),
    };
  }
  return { step: 'none', label: `Approved by ${version.approval?.by.username ?? 'another person'}` };
}

const maskOf = (number: string) => number.slice(-3);

async function versionView(record: PayoutRecord, index: number): Promise<PayoutVersionView> {
  const version = record.versions[index]!;
  const details = await openDetails(record, index);
  const callBack = await openCallBack(record, index);
  return {
    submittedAt: version.submittedAt,
    accountName: details.accountName,
    bsb: details.bsb,
    numberLast3: maskOf(details.number),
    highRisk: version.highRisk,
    highRiskReasons: version.highRiskReasons,
    ...(version.callBack && callBack
      ? {
          callBack: {
            by: version.callBack.by,
            recordedAt: version.callBack.recordedAt,
            calledAt: version.callBack.calledAt,
            calledNumber: callBack.calledNumber,
            readBack: true as const,
            payeeCheck: version.callBack.payeeCheck,
            ...(callBack.note ? { note: callBack.note } : {}),
          },
        }
      : {}),
    ...(version.approval ? { approval: version.approval } : {}),
  };
}

async function readPayout(matterId: string): Promise<PayoutRecord> {
  if (!(await getMatter(matterId))) throw new Refused('not-found', 'That matter does not exist');
  const record = await getPayout(matterId);
  if (!record) throw new Refused('not-found', NO_PAYOUT);
  return record;
}

/** `GET /api/matters/{id}/payout`: masked, every version oldest first, the current one last. */
export async function payoutView(matterId: string): Promise<PayoutView> {
  const record = await readPayout(matterId);
  const versions = await Promise.all(record.versions.map((_, index) => versionView(record, index)));
  const latest = versions.at(-1)!;
  return {
    matterId,
    status: record.status,
    accountName: latest.accountName,
    bsb: latest.bsb,
    numberLast3: latest.numberLast3,
    submittedAt: latest.submittedAt,
    highRisk: latest.highRisk,
    highRiskReasons: latest.highRiskReasons,
    versions,
    ...(latest.callBack ? { callBack: latest.callBack } : {}),
    ...(latest.approval ? { approval: latest.approval } : {}),
    next: nextStep(record),
  };
}

/** `POST /api/matters/{id}/payout/reveal`: the current details in full, audited. */
export async function revealPayout(
  matterId: string,
  staff: SessionUser,
  { signedInWithPasskey }: { signedInWithPasskey: boolean },
): Promise<PayoutRevealed> {
  if ((await practiceRequiresPasskeys()) && !signedInWithPasskey) throw new Refused('forbidden', PASSKEY_NEEDED);
  const record = await readPayout(matterId);
  const index = record.versions.length - 1;
  const { accountName, bsb, number } = await openDetails(record, index);
  await recordAudit({ by: staff, action: 'payout.reveal', target: `${matterId} version ${index + 1}` });
  return { accountName, bsb, number };
}

const badField = (field: string, message: string) =>
  new Refused('invalid', 'Please check the highlighted fields', { fieldErrors: { [field]: [message] } });

/** `POST /api/matters/{id}/payout/call-back` */
export async function recordCallBack(matterId: string, input: CallBackInput, staff: SessionUser): Promise<PayoutView> {
  if (Date.parse(input.calledAt) > currentTime()) throw badField('calledAt', CALLED_IN_FUTURE);
  await readPayout(matterId);
  const recordedAt = isoNow();
  await updatePayout(matterId, async (existing) => {
    if (!existing) throw new Refused('not-found', NO_PAYOUT);
    const next = allowed(existing.status, 'call-back');
    const index = existing.versions.length - 1;
    const version = existing.versions[index]!;
    const { knownNumbers } = await openDetails(existing, index);
    if (!knownNumbers.includes(phoneDigits(input.calledNumber))) throw badField('calledNumber', NOT_ON_RECORD);
    // A person gives the time to the minute: the minute the details arrived counts as after them.
    if (Date.parse(input.calledAt) < Math.floor(Date.parse(version.submittedAt) / 60_000) * 60_000) {
      throw badField('calledAt', 'The call must come after the details arrived');
    }
    const sealed = await sealCallBack(matterId, index, {
      calledNumber: input.calledNumber,
      ...(input.note ? { note: input.note } : {}),
    });
    return {
      ...existing,
      status: next,
      versions: existing.versions.map((entry, at) =>
        at === index
          ? {
              ...entry,
              callBack: {
                by: who(staff),
                recordedAt,
                calledAt: new Date(input.calledAt).toISOString(),
                readBack: true as const,
                payeeCheck: input.payeeCheck,
                sealed,
              },
            }
          : entry,
      ),
      updatedAt: recordedAt,
    };
  });
  await recordAudit({ by: staff, action: 'payout.call-back', target: matterId });
  return payoutView(matterId);
}

/** `POST /api/matters/{id}/payout/approve` */
export async function approvePayout(
  matterId: string,
  staff: SessionUser,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<PayoutView> {
  await readPayout(matterId);
  const at = isoNow();
  await updatePayout(matterId, (existing) => {
    if (!existing) throw new Refused('not-found', NO_PAYOUT);
    const version = current(existing);
    // Same person and the payee check first: they say why this approver or these details cannot pass.
    if (existing.status === 'called-back' && version.callBack) {
      const refusal = payoutApprovalRefusal(
        { callerId: version.callBack.by.id, highRisk: version.highRisk, payeeCheck: version.callBack.payeeCheck },
        staff,
      );
      if (refusal) throw new Refused(refusalKind(refusal.status), refusal.message);
    }
    const next = allowed(existing.status, 'approve');
    return {
      ...existing,
      status: next,
      versions: existing.versions.map((entry, index) =>
        index === existing.versions.length - 1 ? { ...entry, approval: { by: who(staff), at } } : entry,
      ),
      updatedAt: at,
    };
  });
  await recordAudit({ by: staff, action: 'payout.approve', target: matterId });
  const record = await getMatter(matterId);
  if (record) {
    await noticePrincipals(
      `payout/${matterId}/approved/${at}`,
      {
        subject: `Bank details approved for the matter of ${record.client.name}`,
        text: `${staff.username} approved the bank details for matter ${record.id}, after the call-back.`,
      },
      `bank details approved for matter ${matterId}`,
      waitUntil,
    );
  }
  return payoutView(matterId);
}

/** `GET /api/payouts`: the "Bank details" queue, every open matter whose details wait, oldest first. */
export async function payoutQueue(): Promise<PayoutQueueItem[]> {
  const [payouts, matters] = await Promise.all([listPayouts(), listMatters()]);
  const names = new Map(matters.map((matter) => [matter.id, matter.client.name]));
  return payouts
    .filter((record) => record.status !== 'approved' && names.has(record.matterId))
    .map((record) => ({
      matterId: record.matterId,
      client: names.get(record.matterId)!,
      status: record.status,
      submittedAt: current(record).submittedAt,
      highRisk: current(record).highRisk,
      next: nextStep(record),
    }))
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}
