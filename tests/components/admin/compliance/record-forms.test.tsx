/**
 * "Record cash received" and "Record a suspicion" in an enquiry's detail
 * (src/islands/admin/compliance/RecordCash.tsx, RecordSuspicion.tsx): the dialog as it reads
 * (pinned whole, so one form hook can serve both unchanged), the body sent as typed, pending,
 * success (the toast, the dialog closed and emptied), failure (the toast, the dialog kept with
 * what was typed), and the server's field errors under their fields, cleared when the dialog
 * is opened again. /api is answered at `fetch`; what the server refuses is
 * tests/functions/desk/cash.test.ts's and suspicions'.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { RecordCash } from '#src/islands/admin/compliance/RecordCash.tsx';
import { RecordSuspicion } from '#src/islands/admin/compliance/RecordSuspicion.tsx';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { withStableIds } from '#tests/components/kit/stable-ids.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const ENQUIRY = '000mx5za4aq00004fd176ab4078';

function open(
  Form: typeof RecordCash | typeof RecordSuspicion,
  answer: (call: ApiCall) => Response | Promise<Response>,
) {
  const calls = serveApi(answer);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <>
      <Form enquiryId={ENQUIRY} />
      <Toaster placement="bottom" />
    </>,
  );
  return { calls, user, view };
}

/** The form's <dialog>, open or shut (found by its name only while open, so by its element). */
const dialogNamed = (name: string) => {
  const dialog = document.querySelector('dialog')!;
  expect(
    dialog.getAttribute('aria-labelledby') &&
      document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent,
  ).toBe(name);
  return dialog;
};
const FIELD_ERRORS = (fieldErrors: Record<string, string[]>) =>
  json({ error: 'Please check the highlighted fields', fieldErrors }, 400);

describe('recording cash received', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, amount = '12,000.50') {
    await user.click(screen.getByRole('button', { name: 'Record cash received' }));
    const dialog = within(dialogNamed('Record cash received'));
    await user.type(dialog.getByLabelText(/^Amount \(dollars\)/), amount);
    fireEvent.change(dialog.getByLabelText(/^Received on/), { target: { value: '2026-11-30' } });
    await user.type(dialog.getByLabelText(/^Handed over by/), 'Pat Payer');
    return dialog;
  }

  test('reads as it did', () => {
    const { view } = open(RecordCash, () => serverError());
    expect(withStableIds(view.container.firstElementChild!.outerHTML)).toMatchSnapshot();
  });

  test('sends the amount as a number: pending, then the threshold toast, the dialog closed and emptied', async () => {
    const held = heldAnswer(() =>
      json({ id: 'c-1', amount: 12000.5, receivedAt: '2026-11-30', ttrDueBy: '2026-12-14' }, 201),
    );
    const { user, calls } = open(RecordCash, held.response);
    const dialog = await fill(user);
    expect(dialogNamed('Record cash received').open).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Record the cash' }));
    const button = dialog.getByRole('button', { name: 'Record the cash' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    held.open();
    await expectToast(
      'Success',
      'Cash recorded. $10,000 or more: a principal must report it to AUSTRAC by the end of 14 Dec 2026.',
      'default',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/contact-requests/${ENQUIRY}/cash`,
        body: { amount: 12000.5, receivedAt: '2026-11-30', receivedFrom: 'Pat Payer' },
      },
    ]);
    expect(dialogNamed('Record cash received').open).toBe(false);
    expect((dialog.getByLabelText(/^Amount \(dollars\)/) as HTMLInputElement).value).toBe('');
    expect((dialog.getByLabelText(/^Received on/) as HTMLInputElement).value).toBe('');
    expect((dialog.getByLabelText(/^Handed over by/) as HTMLInputElement).value).toBe('');
    expect(button).toHaveProperty('disabled', false);
  });

  test('below the threshold, says it is in the register; an amount that is not a number goes as typed', async () => {
    const { user, calls } = open(RecordCash, () => json({ id: 'c-2', amount: 950, receivedAt: '2026-11-30' }, 201));
    const dialog = await fill(user, 'about 950');
    await user.click(dialog.getByRole('button', { name: 'Record the cash' }));
    await expectToast('Success', 'Cash recorded in the cash register.', 'default');
    expect((calls[0]!.body as { amount: unknown }).amount).toBe('about 950');
  });

  test('says so when it fails, and keeps the dialog open with what was typed', async () => {
    const { user } = open(RecordCash, () => json({ error: 'The practice does not accept cash' }, 409));
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the cash' }));
    await expectToast('Error', 'The practice does not accept cash', 'destructive');
    expect(dialogNamed('Record cash received').open).toBe(true);
    expect((dialog.getByLabelText(/^Handed over by/) as HTMLInputElement).value).toBe('Pat Payer');
  });

  test('says what failed when the server gives no reason', async () => {
    const { user } = open(RecordCash, () => {
      throw new Error('');
    });
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the cash' }));
    await expectToast('Error', 'Failed to record the cash', 'destructive');
  });

  test('shows the field errors under their fields without a toast, and clears them when opened again', async () => {
    const { user } = open(RecordCash, () =>
      FIELD_ERRORS({
        amount: ['Please enter an amount above $0'],
        receivedFrom: ['Please enter who handed over the cash'],
      }),
    );
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the cash' }));
    await waitFor(() => expect(dialog.getByText('Please enter an amount above $0')).toBeTruthy());
    expect(dialog.getByText('Please enter who handed over the cash')).toBeTruthy();
    expect(dialog.getByLabelText(/^Amount \(dollars\)/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialogNamed('Record cash received').open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Record cash received' }));
    expect(dialog.queryByText('Please enter an amount above $0')).toBeNull();
  });
});

describe('recording a suspicion', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, kind = 'money-laundering') {
    await user.click(screen.getByRole('button', { name: 'Record a suspicion' }));
    const dialog = within(dialogNamed('Record a suspicion'));
    if (kind) await user.selectOptions(dialog.getByLabelText(/^What the suspicion is about/), kind);
    await user.type(dialog.getByLabelText(/^Grounds/), 'Third party payer');
    return dialog;
  }

  test('reads as it did', () => {
    const { view } = open(RecordSuspicion, () => serverError());
    expect(withStableIds(view.container.firstElementChild!.outerHTML)).toMatchSnapshot();
  });

  test('sends what was chosen: pending, then the due time, the dialog closed and emptied', async () => {
    const held = heldAnswer(() => json({ id: 's-1', reportDueBy: '2026-12-02T13:00:00.000Z' }, 201));
    const { user, calls } = open(RecordSuspicion, held.response);
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the suspicion' }));
    const button = dialog.getByRole('button', { name: 'Record the suspicion' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    held.open();
    await expectToast(
      'Success',
      'Suspicion recorded. A principal must report it to AUSTRAC by 3 Dec 2026, 12:00 am.',
      'default',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/contact-requests/${ENQUIRY}/suspicion`,
        body: { kind: 'money-laundering', grounds: 'Third party payer' },
      },
    ]);
    expect(dialogNamed('Record a suspicion').open).toBe(false);
    expect((dialog.getByLabelText(/^What the suspicion is about/) as HTMLSelectElement).value).toBe('');
    expect((dialog.getByLabelText(/^Grounds/) as HTMLTextAreaElement).value).toBe('');
    expect(button).toHaveProperty('disabled', false);
  });

  test('sends when it arose as a Sydney instant, and no kind as it is', async () => {
    const { user, calls } = open(RecordSuspicion, () =>
      json({ id: 's-2', reportDueBy: '2026-12-02T13:00:00.000Z' }, 201),
    );
    const dialog = await fill(user, '');
    fireEvent.change(dialog.getByLabelText(/^When the suspicion arose/), { target: { value: '2026-11-30T14:05' } });
    await user.click(dialog.getByRole('button', { name: 'Record the suspicion' }));
    await expectToast('Success', 'Suspicion recorded.', 'default');
    expect(calls[0]!.body).toEqual({ kind: '', grounds: 'Third party payer', formedAt: '2026-11-30T14:05:00+11:00' });
  });

  test('says so when it fails, and keeps the dialog open with what was typed', async () => {
    const { user } = open(RecordSuspicion, () => serverError());
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the suspicion' }));
    await expectToast('Error', 'Something went wrong on our side', 'destructive');
    expect(dialogNamed('Record a suspicion').open).toBe(true);
    expect((dialog.getByLabelText(/^Grounds/) as HTMLTextAreaElement).value).toBe('Third party payer');
  });

  test('says what failed when the server gives no reason', async () => {
    const { user } = open(RecordSuspicion, () => {
      throw new Error('');
    });
    const dialog = await fill(user);
    await user.click(dialog.getByRole('button', { name: 'Record the suspicion' }));
    await expectToast('Error', 'Failed to record the suspicion', 'destructive');
  });

  test('shows the field errors under their fields without a toast, and clears them when opened again', async () => {
    const { user } = open(RecordSuspicion, () =>
      FIELD_ERRORS({
        kind: ['Please choose what the suspicion is about'],
        grounds: ['Please give the grounds for the suspicion'],
      }),
    );
    const dialog = await fill(user, '');
    await user.click(dialog.getByRole('button', { name: 'Record the suspicion' }));
    await waitFor(() => expect(dialog.getByText('Please choose what the suspicion is about')).toBeTruthy());
    expect(dialog.getByText('Please give the grounds for the suspicion')).toBeTruthy();
    expect(dialog.getByLabelText(/^Grounds/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Record a suspicion' }));
    expect(dialog.queryByText('Please choose what the suspicion is about')).toBeNull();
  });
});
