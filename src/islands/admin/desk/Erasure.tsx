/**
 * A person's Privacy Act erasure request on the lead desk: every enquiry from one e-mail
 * address goes, with its activity and alerts (`POST /api/contact-requests/erase`).
 *
 * Two ways in, one confirmation: the desk's toolbar (for a request that arrives by letter or
 * phone, so staff type the address) and an enquiry's detail (the address is already there).
 * Both end in the same ConfirmDialog, so the warning staff read is always the same. The
 * address is typed outside the dialog on purpose: a failure toast is then not hidden behind
 * a modal, and what was typed stays in the field for another try.
 */
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { callApi } from '#src/lib/api.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import { erasureKey, erasureSchema, type ErasureResult } from '#src/shared/schemas/lead-desk.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import type { useConfirm } from '../kit/ConfirmDialog.tsx';
import { erasedMessage, formatDate } from '../kit/format.ts';
import { useFormErrors } from '../kit/useFormErrors.ts';

type Confirm = ReturnType<typeof useConfirm>['confirm'];

/**
 * `erase(email)` asks for confirmation, erases and says how many went; true when it did.
 * `onErased` (given the address as `erasureKey` spells it) refreshes what the desk shows.
 */
export function useErasure(confirm: Confirm, onErased: (email: string) => unknown) {
  const [pending, setPending] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [kept, setKept] = useState<ErasureResult['kept']>([]);
  const toggleId = useId();

  async function erase(email: string): Promise<boolean> {
    const opener = document.activeElement;
    setPending(true); // the count takes a moment on a slow connection
    const stored = await countStored(email);
    setPending(false);
    const address = <strong className="break-all">{email.trim()}</strong>;
    const confirmed = await confirm({
      title: "Erase this person's data?",
      body: (
        <>
          <p>
            {stored === null ? (
              <>Every enquiry from {address} will be deleted</>
            ) : stored === 0 ? (
              <>No enquiry from {address} is stored now; any that arrives before you confirm will be deleted</>
            ) : (
              <>
                {stored === 1 ? 'The one enquiry' : `The ${stored} enquiries`} from {address} will be deleted
              </>
            )}
            , with {stored === 1 ? 'its' : 'their'} notes, calls, activity and alerts. This cannot be undone.
          </p>
          <p className="mt-2">
            An enquiry with customer due diligence records or an accepted costs agreement is kept, with its history: the
            AML/CTF Act requires us to keep those records for 7 years.
          </p>
          <p className="mt-2">The audit log records that an erasure happened, not the address.</p>
        </>
      ),
      confirmLabel: 'Erase data',
    });
    if (!confirmed) return false;
    setPending(true);
    try {
      const { deleted, kept = [] } = await callApi(enquiriesRoutes.erase, { body: { email: email.trim() } });
      showToast({ title: 'Success', description: erasedMessage(deleted) });
      setKept(kept);
    } catch (error) {
      console.error('Failed to erase contact requests', error);
      showToast({ title: 'Error', description: 'Failed to erase contact requests', variant: 'destructive' });
      return false;
    } finally {
      setPending(false);
    }
    setFormOpen(false);
    await onErased(erasureKey(email));
    // The button that asked may have gone with the erased enquiry (or the closed form).
    if (!(opener instanceof HTMLElement && opener.isConnected)) document.getElementById(toggleId)?.focus();
    return true;
  }

  const form = (
    <>
      <ErasureForm open={formOpen} onOpenChange={setFormOpen} toggleId={toggleId} pending={pending} onErase={erase} />
      {kept.length ? <KeptNotice kept={kept} onDismiss={() => setKept([])} /> : null}
    </>
  );
  return { erase: (email: string) => void erase(email), form };
}

/**
 * How many enquiries the erasure would delete, so the confirmation can say; null when the
 * desk cannot tell (the confirmation then speaks of every enquiry). The search matches parts
 * of addresses; the erasure, like this count, only the whole address.
 */
async function countStored(email: string): Promise<number | null> {
  const key = erasureKey(email);
  try {
    const found = await callApi(enquiriesRoutes.list, { query: { q: key } });
    return found.filter((enquiry) => erasureKey(enquiry.email) === key).length;
  } catch {
    return null;
  }
}

/**
 * The toolbar's way in: a button that shows a small form for the address. Meant for a
 * wrapping flex row: the form takes a line of its own under the buttons.
 */
function ErasureForm({
  open,
  onOpenChange,
  toggleId,
  pending,
  onErase,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toggleId: string;
  pending: boolean;
  onErase: (email: string) => Promise<boolean>;
}): ReactNode {
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const [email, setEmail] = useState('');
  const { errors, validate, showFieldErrors } = useFormErrors(['email'], id);
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // Leaving the form forgets the address: it is someone's personal information.
  const close = () => {
    onOpenChange(false);
    setEmail('');
    showFieldErrors({});
    document.getElementById(toggleId)?.focus();
  };

  // Escape from anywhere in the form closes it, like the dialog it stands in for.
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  });
  // On opening, focus goes to the address, the one thing to type.
  useEffect(() => {
    const form = formRef.current;
    if (!open || !form) return;
    emailRef.current?.focus();
    form.addEventListener('keydown', onEscape);
    return () => form.removeEventListener('keydown', onEscape);
  }, [open]);

  return (
    <>
      <Button
        id={toggleId}
        variant="outline"
        aria-expanded={open}
        aria-controls={id('panel')}
        onClick={() => (open ? close() : onOpenChange(true))}
      >
        Erase a person's data
      </Button>
      {open ? (
        <form
          ref={formRef}
          id={id('panel')}
          noValidate
          aria-label="Erase a person's data"
          className="basis-full rounded-xl border border-red-200 bg-red-50/50 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!validate(erasureSchema, { email })) return;
            void onErase(email).then((erased) => erased && setEmail(''));
          }}
        >
          <p className="mb-3 text-sm text-slate-800">
            For a Privacy Act request to delete what we hold: every enquiry sent with this e-mail address is deleted,
            with its history. You will be asked to confirm.
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <Field
              id={id('email')}
              name="email"
              label="E-mail address"
              error={errors.email?.[0]}
              required
              className="grow basis-64"
            >
              {(props) => (
                <input
                  {...props}
                  // The person's address, not the staff member's own: no autofill.
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={254}
                  ref={emailRef}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" variant="destructive" pending={pending}>
              Erase…
            </Button>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}

/** The detail's way in: the address is the enquiry's own, so nothing needs typing. */
export function EraseThisPerson({ email, onErase }: { email: string; onErase: (email: string) => void }) {
  return (
    <div className="border-t border-slate-200 pt-4">
      <h4 className="mb-1 font-semibold text-slate-900">Privacy request</h4>
      <p className="mb-2 text-sm text-slate-700">
        If this person asks us to delete what we hold about them, erase every enquiry from{' '}
        <span className="break-all">{email}</span>.
      </p>
      <Button variant="outline" onClick={() => onErase(email)}>
        Erase this person's data…
      </Button>
    </div>
  );
}

/**
 * What an erasure had to keep, why and until when: enquiries with customer due diligence
 * records (AML/CTF Act s 111). Stays until dismissed, so staff can tell the person.
 */
function KeptNotice({ kept, onDismiss }: { kept: ErasureResult['kept']; onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="erasure-kept"
      className="basis-full rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">
        {kept.length === 1 ? 'One enquiry was kept' : `${kept.length} enquiries were kept`}: the law requires us to keep
        their customer due diligence records. Tell the person what is kept, why and until when.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {kept.map((item) => (
          <li key={item.id}>
            Enquiry {item.id}: kept under the {item.reason}{' '}
            {item.until
              ? `until ${formatDate(item.until)}`
              : 'until 7 years after the matter ends (the matter is still open: close it to fix the date)'}
          </li>
        ))}
      </ul>
      <Button variant="outline" className="mt-2" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
