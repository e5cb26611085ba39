/**
 * The money parts of the client's /matter/ page (docs/decisions/046-verified-funds-channel.md):
 * the practice's trust account with its reference code, and a form for the client's own bank
 * details on each matter. Both only within 15 minutes of signing in; otherwise the page asks
 * the client to sign in again. Plain forms that post and answer with a page: no JavaScript.
 */
import type { PayoutStatus } from '#src/shared/states/payout.ts';
import { Button } from '#src/ui/Button.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Field } from '#src/ui/Field.tsx';
import type { PayoutPageState } from '../payout/client-payout.ts';
import { formatSydney, PhoneLink } from './document.tsx';

/** The sentence beside the trust account (issue 33, exact). */
export const trustAccountSentence = (phone: string): string =>
  `Before you transfer, call us on ${phone} and read these digits back. We will never send or change bank details by e-mail, text or phone call.`;

export const PAYOUT_SAVED =
  'Thank you: we have your bank details. We will call you on a number we already have for you to read them back before any money is paid.';

const CLIENT_STATUS: Record<PayoutStatus, string> = {
  submitted: 'We will call you to read them back before any money is paid.',
  'called-back': 'We called you and read them back; a second person at the practice checks them next.',
  approved: 'Checked by two people at the practice.',
};

function SignInAgain({ email, what }: { email: string; what: string }) {
  return (
    <form method="post" action="/api/matter-sign-in" data-testid="sign-in-again">
      <p>
        For your safety, {what} only within 15 minutes of signing in. Please sign in again: we will e-mail you a new
        link.
      </p>
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="outline">
        Send me a new sign-in link
      </Button>
    </form>
  );
}

/** The practice's trust account, once on the page. */
export function TrustAccountSection({ state, phone }: { state: PayoutPageState; phone: string }) {
  return (
    <section aria-labelledby="trust-account" data-testid="trust-account" className="mt-10">
      <h2 id="trust-account">Paying us: our trust account</h2>
      {!state.fresh ? (
        <SignInAgain email={state.email} what="we show our account" />
      ) : state.trust ? (
        <>
          <dl className="rounded-md border-2 border-brand-600 bg-white p-4">
            <dt className="font-semibold">Account name</dt>
            <dd>{state.trust.name}</dd>
            <dt className="font-semibold">Bank</dt>
            <dd>{state.trust.bank}</dd>
            <dt className="font-semibold">BSB</dt>
            <dd data-testid="trust-bsb">{state.trust.bsb}</dd>
            <dt className="font-semibold">Account number</dt>
            <dd data-testid="trust-number">{state.trust.number}</dd>
            <dt className="font-semibold">Reference code to read out</dt>
            <dd data-testid="trust-reference">{state.trust.reference}</dd>
          </dl>
          <p className="mt-4 font-semibold" data-testid="trust-sentence">
            {trustAccountSentence(phone)}
          </p>
        </>
      ) : (
        <p>
          Call us on <PhoneLink phone={phone} /> before you transfer any money to us.
        </p>
      )}
    </section>
  );
}

const FIELDS = [
  { name: 'accountName', label: 'Account name', autoComplete: 'off', inputMode: undefined },
  { name: 'bsb', label: 'BSB', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'number', label: 'Account number', autoComplete: 'off', inputMode: 'numeric' },
] as const;

/** The client's bank details on one matter: where the proceeds, balance or refund are paid. */
export function PayoutSection({
  matterId,
  side,
  state,
}: {
  matterId: string;
  side: 'purchase' | 'sale';
  state: PayoutPageState;
}) {
  const mine = state.form?.matterId === matterId ? state.form : undefined;
  const current = state.current[matterId];
  const idOf = (field: string) => `payout-${field}-${matterId}`;
  const errors = mine?.errors ?? {};
  return (
    <>
      <h3>Your bank details</h3>
      <p>
        {side === 'sale'
          ? 'The account we pay your sale proceeds into.'
          : 'The account we pay any balance or refund into.'}{' '}
        Give them here only: never by e-mail or phone.
      </p>
      {state.saved === matterId ? (
        <div role="status" className="mb-4 rounded-md border-2 border-brand-600 bg-white p-4">
          <p className="mb-0">{PAYOUT_SAVED}</p>
        </div>
      ) : null}
      {current ? (
        <p data-testid="payout-current">
          We have {current.accountName}, BSB {current.bsb}, account ending {current.numberLast3}, entered{' '}
          {formatSydney(current.submittedAt)}. {CLIENT_STATUS[current.status]}
        </p>
      ) : null}
      {!state.fresh ? (
        <SignInAgain email={state.email} what="you can enter bank details" />
      ) : (
        <form method="post" action={`/api/my-matters/${encodeURIComponent(matterId)}/payout`} noValidate>
          {mine ? (
            <ErrorSummary
              items={FIELDS.flatMap((field) =>
                (errors[field.name] ?? []).map((message) => ({ message, field: idOf(field.name) })),
              )}
            />
          ) : null}
          {FIELDS.map((field) => (
            <Field
              key={field.name}
              id={idOf(field.name)}
              name={field.name}
              label={field.label}
              error={errors[field.name]}
              className="mb-4"
            >
              {(props) => (
                <input
                  {...props}
                  autoComplete={field.autoComplete}
                  inputMode={field.inputMode}
                  maxLength={80}
                  defaultValue={mine?.values[field.name] ?? ''}
                  required
                />
              )}
            </Field>
          ))}
          <Button type="submit">{current ? 'Change my bank details' : 'Save my bank details'}</Button>
        </form>
      )}
    </>
  );
}
