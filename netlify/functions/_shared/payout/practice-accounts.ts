/**
 * The practice's own accounts (Settings › Accounts): a change is a request, never a write.
 * A principal asks (`PUT /api/settings/accounts/{trust|office}` → 202 pending); it takes
 * effect only when another account, of any role but never the requester's, approves it; the
 * request can be withdrawn. The request and the approval each tell every principal and the
 * alert address at once, without the digits. Audited; the approved changes are kept 7 years.
 *
 * Staff read the digits only here (GET, Settings › Accounts); the client reads the trust
 * account only on /matter/, shortly after signing in (payout/matter-payout-page.tsx).
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { retainUntil } from '#src/content/amlctf.ts';
import {
  PRACTICE_ACCOUNT_LABELS,
  type PracticeAccount,
  type PracticeAccountKind,
  type PracticeAccountsView,
} from '#src/shared/schemas/bank-account.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import {
  accountAad,
  openAccount,
  readAccounts,
  requestAad,
  sealAccount,
  updateAccounts,
  type StoredAccounts,
} from '../repositories/practice-accounts-store.ts';
import { noticePrincipals } from './money-notices.ts';
import { accountReference } from './reference-code.ts';

export const ACCOUNT_CHANGE_WAITING =
  'A change to this account is already waiting for approval: withdraw it first to ask for another';
export const NO_ACCOUNT_CHANGE = 'No change to this account is waiting for approval';
export const OWN_ACCOUNT_CHANGE = 'Another person must approve this change: you asked for it';
export const ACCOUNT_CHANGE_REPLACED =
  'The change waiting is not the one you read: open Settings › Accounts again and check it before approving';

type Actor = Pick<SessionUser, 'id' | 'username'>;
const who = (user: Actor) => ({ id: user.id, username: user.username });

const withReference = (account: PracticeAccount) => ({
  ...account,
  reference: accountReference(account.bsb, account.number),
});

/** `GET /api/settings/accounts` */
export async function accountsView(): Promise<PracticeAccountsView> {
  const stored = await readAccounts();
  const trust = stored.trust ? withReference(await openAccount(stored.trust, accountAad('trust'))) : null;
  const office = stored.office ? withReference(await openAccount(stored.office, accountAad('office'))) : null;
  const pending = stored.pending;
  return {
    trust,
    ...(office ? { office } : {}),
    ...(pending
      ? {
          pending: {
            account: pending.account,
            requestedBy: pending.requestedBy,
            requestedAt: pending.requestedAt,
            ...(await (async () => {
              const details = await openAccount(pending.details, requestAad(pending.requestedAt));
              return { details, reference: accountReference(details.bsb, details.number) };
            })()),
          },
        }
      : {}),
  };
}

/** The trust account as the client's matter page shows it, or null while none is set. */
export async function trustAccountForClient(): Promise<(PracticeAccount & { reference: string }) | null> {
  const { trust } = await readAccounts();
  return trust ? withReference(await openAccount(trust, accountAad('trust'))) : null;
}

const label = (kind: PracticeAccountKind) => PRACTICE_ACCOUNT_LABELS[kind].toLowerCase();

/** `PUT /api/settings/accounts/{kind}` (a principal): the change waits for another account. */
export async function requestAccountChange(
  kind: PracticeAccountKind,
  details: PracticeAccount,
  principal: Actor,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<PracticeAccountsView['pending']> {
  const requestedAt = new Date(currentTime()).toISOString();
  const sealed = await sealAccount(details, requestAad(requestedAt));
  await updateAccounts((current) => {
    if (current.pending) throw new Refused('conflict', ACCOUNT_CHANGE_WAITING);
    return { ...current, pending: { account: kind, requestedBy: who(principal), requestedAt, details: sealed } };
  });
  await recordAudit({ by: principal, action: 'accounts.request', target: kind });
  await noticePrincipals(
    `accounts/request/${requestedAt}`,
    {
      subject: `A change to the practice's ${label(kind)} is waiting for approval`,
      text: [
        `${principal.username} asked to change the practice's ${label(kind)}.`,
        '',
        'It takes effect only when another member of staff approves it in Settings › Accounts, after checking the new details with the bank by phone.',
        'If nobody at the practice asked for this, withdraw it there and call the principals now.',
      ].join('\n'),
    },
    `the ${kind} account change asked for by ${principal.username} is waiting for approval`,
    waitUntil,
  );
  return {
    account: kind,
    requestedBy: who(principal),
    requestedAt,
    details,
    reference: accountReference(details.bsb, details.number),
  };
}

const pruneHistory = (history: StoredAccounts['history'], today: string) =>
  history.filter((entry) => retainUntil(sydneyToday(Date.parse(entry.approvedAt))) >= today);

/**
 * `POST /api/settings/accounts/{kind}/approve`: any account but the requester's. `requestedAt`,
 * when given, must be the request the approver read (a withdrawn and replaced one is a 409).
 */
export async function approveAccountChange(
  kind: PracticeAccountKind,
  approver: Actor,
  requestedAt: string | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<PracticeAccountsView> {
  const approvedAt = new Date(currentTime()).toISOString();
  let requester: Actor | undefined;
  await updateAccounts(async (current) => {
    const pending = current.pending;
    if (!pending || pending.account !== kind) throw new Refused('conflict', NO_ACCOUNT_CHANGE);
    if (pending.requestedBy.id === approver.id) throw new Refused('forbidden', OWN_ACCOUNT_CHANGE);
    if (requestedAt !== undefined && requestedAt !== pending.requestedAt)
      throw new Refused('conflict', ACCOUNT_CHANGE_REPLACED);
    requester = pending.requestedBy;
    const details = await openAccount(pending.details, requestAad(pending.requestedAt));
    return {
      ...current,
      [kind]: await sealAccount(details, accountAad(kind)),
      pending: null,
      history: [
        ...pruneHistory(current.history, sydneyToday(Date.parse(approvedAt))),
        { ...pending, approvedBy: who(approver), approvedAt },
      ],
    };
  });
  await recordAudit({ by: approver, action: 'accounts.approve', target: kind });
  await noticePrincipals(
    `accounts/approve/${approvedAt}`,
    {
      subject: `The practice's ${label(kind)} was changed`,
      text: [
        `${approver.username} approved the change to the practice's ${label(kind)} that ${requester?.username ?? 'a principal'} asked for.`,
        '',
        'Clients now see the new account on their matter page. If nobody at the practice meant this, call the principals now.',
      ].join('\n'),
    },
    `the ${kind} account change was approved by ${approver.username}`,
    waitUntil,
  );
  return accountsView();
}

/** `DELETE /api/settings/accounts/{kind}/pending`: the requester or any principal withdraws it. */
export async function withdrawAccountChange(kind: PracticeAccountKind, user: SessionUser): Promise<void> {
  await updateAccounts((current) => {
    const pending = current.pending;
    if (!pending || pending.account !== kind) throw new Refused('conflict', NO_ACCOUNT_CHANGE);
    if (user.role !== 'principal' && pending.requestedBy.id !== user.id) {
      throw new Refused('forbidden', 'Only a principal or the person who asked can withdraw this change');
    }
    return { ...current, pending: null };
  });
  await recordAudit({ by: user, action: 'accounts.withdraw', target: kind });
}
