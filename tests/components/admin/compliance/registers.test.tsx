/**
 * The cash and suspicious-matter registers (src/islands/admin/compliance/CashRegister.tsx,
 * SuspicionRegister.tsx), for principals: loading, a failed load with "Try again", the empty
 * state, the rows as they read (pinned whole, so one list component can serve both unchanged),
 * and the report form on each row that needs one: pending, success (toast, the register read
 * again), failure (toast) and the server's field errors under their fields. /api is answered
 * at `fetch`; what the server refuses is tests/functions/desk/cash.test.ts's and suspicions'.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { CashRegister } from '#src/islands/admin/compliance/CashRegister.tsx';
import { SuspicionRegister } from '#src/islands/admin/compliance/SuspicionRegister.tsx';
import type { CashReceiptRow } from '#src/shared/schemas/cash.ts';
import type { SuspicionRow } from '#src/shared/schemas/suspicion.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { withStableIds } from '#tests/components/kit/stable-ids.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const BY = { id: 'u-ann', username: 'ann' };
const CASH_DUE: CashReceiptRow = {
  id: 'cash-due',
  enquiryId: 'enq-1',
  amount: 12000.5,
  receivedAt: '2026-11-20',
  receivedFrom: 'Pat Payer',
  recordedAt: '2026-11-20T03:00:00.000Z',
  recordedBy: BY,
  threshold: true,
  ttrDueBy: '2026-12-04',
  overdue: false,
  report: null,
  structuringWith: [],
  retainUntil: '2033-11-20',
};
const CASH_ROWS: CashReceiptRow[] = [
  CASH_DUE,
  { ...CASH_DUE, id: 'cash-late', overdue: true, enquiryId: 'enq-2' },
  {
    ...CASH_DUE,
    id: 'cash-done',
    report: { reportedAt: '2026-11-25', reference: 'TTR-77', recordedAt: '2026-11-25T01:00:00.000Z', recordedBy: BY },
  },
  {
    ...CASH_DUE,
    id: 'cash-small',
    amount: 9500,
    threshold: false,
    ttrDueBy: undefined,
    structuringWith: ['cash-other-1', 'cash-other-2'],
  },
];
const SUSPICION_DUE: SuspicionRow = {
  id: 'sus-due',
  enquiryId: 'enq-3',
  kind: 'money-laundering',
  grounds: 'Third party payer\nrefused to explain',
  formedAt: '2026-11-27T04:00:00.000Z',
  recordedAt: '2026-11-27T05:00:00.000Z',
  recordedBy: BY,
  reportDueBy: '2026-12-02T13:00:00.000Z',
  overdue: false,
  report: null,
  retainUntil: '2033-11-27',
};
const SUSPICION_ROWS: SuspicionRow[] = [
  SUSPICION_DUE,
  { ...SUSPICION_DUE, id: 'sus-late', overdue: true },
  {
    ...SUSPICION_DUE,
    id: 'sus-done',
    report: { reportedAt: '2026-11-28', reference: 'SMR-9', recordedAt: '2026-11-28T01:00:00.000Z', recordedBy: BY },
  },
];

const REGISTERS = [
  {
    name: 'cash register',
    Register: CashRegister,
    path: '/api/cash',
    rows: CASH_ROWS as { id: string }[],
    testId: 'cash-row',
    empty: 'No cash recorded.',
    what: 'cash register',
    due: 'cash-due',
    success: 'Threshold transaction report recorded',
    failure: 'Failed to record the report',
  },
  {
    name: 'suspicious matter register',
    Register: SuspicionRegister,
    path: '/api/suspicions',
    rows: SUSPICION_ROWS as { id: string }[],
    testId: 'suspicion-row',
    empty: 'No suspicions recorded.',
    what: 'register',
    due: 'sus-due',
    success: 'Report recorded',
    failure: 'Failed to record the report',
  },
] as const;

for (const register of REGISTERS) {
  describe(`the ${register.name}`, () => {
    function open(
      list: (call: ApiCall) => Response | Promise<Response>,
      write?: (call: ApiCall) => Response | Promise<Response>,
    ) {
      const calls = serveApi((call) => (call.method === 'GET' ? list(call) : write!(call)));
      const user = userEvent.setup({ delay: null });
      const view = render(
        <>
          <register.Register />
          <Toaster placement="bottom" />
        </>,
      );
      return { calls, user, view };
    }

    test('says it is loading until the list arrives, then lists every row as it reads', async () => {
      const held = heldAnswer(() => json(register.rows));
      const { calls, view } = open(held.response);
      expect(screen.getByText(`Loading ${register.what}…`)).toBeTruthy();
      held.open();
      await waitFor(() => expect(screen.getAllByTestId(register.testId)).toHaveLength(register.rows.length));
      expect(screen.queryByText(`Loading ${register.what}…`)).toBeNull();
      expect(calls).toEqual([{ method: 'GET', path: register.path, body: undefined }]);
      expect(withStableIds(view.container.querySelector('section')!.outerHTML)).toMatchSnapshot();
    });

    test('shows the empty state', async () => {
      open(() => json([]));
      expect(await screen.findByText(register.empty)).toBeTruthy();
      expect(screen.queryAllByTestId(register.testId)).toHaveLength(0);
    });

    test('says why it could not load, and loads again on "Try again"', async () => {
      let fail = true;
      const { user, calls } = open(() => (fail ? serverError() : json(register.rows)));
      const alert = (
        await screen.findByText(`We couldn't load the ${register.what}: Something went wrong on our side`)
      ).closest('[role="alert"]') as HTMLElement;
      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.getAllByTestId(register.testId)).toHaveLength(register.rows.length));
      expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    });

    /** The first row's report form, filled in. */
    async function fillReport(user: ReturnType<typeof userEvent.setup>) {
      const row = within((await screen.findAllByTestId(register.testId))[0]!);
      await user.type(row.getByLabelText(/^Reported to AUSTRAC on/), '2026-11-30');
      await user.type(row.getByLabelText(/^AUSTRAC reference/), 'REF-1');
      await user.click(row.getByRole('button', { name: 'Record the report' }));
      return row;
    }

    test('records a report: pending, then the toast and the register read again', async () => {
      const held = heldAnswer(() => json(register.rows[0]));
      const { user, calls } = open(() => json(register.rows), held.response);
      const row = await fillReport(user);
      const button = row.getByRole('button', { name: 'Record the report' });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('aria-busy')).toBe('true');
      held.open();
      await expectToast('Success', register.success, 'default');
      await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: `${register.path}/${register.due}`,
          body: { reportedAt: '2026-11-30', reference: 'REF-1' },
        },
      ]);
      expect(row.getByRole('button', { name: 'Record the report' })).toHaveProperty('disabled', false);
    });

    test('says so when the report is not recorded (the server’s reason, else a sentence), and reads nothing again', async () => {
      const { user, calls } = open(
        () => json(register.rows),
        () => serverError(),
      );
      await fillReport(user);
      await expectToast('Error', 'Something went wrong on our side', 'destructive');
      expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    });

    test('says what failed when the server gives no reason', async () => {
      const { user } = open(
        () => json(register.rows),
        () => {
          throw new Error('');
        },
      );
      await fillReport(user);
      await expectToast('Error', register.failure, 'destructive');
    });

    test('shows the server’s field errors under their fields, without a toast', async () => {
      const { user } = open(
        () => json(register.rows),
        () =>
          json(
            {
              error: 'Please check the highlighted fields',
              fieldErrors: {
                reportedAt: ['The report cannot be dated in the future'],
                reference: ['Please enter the reference AUSTRAC gave the report'],
              },
            },
            400,
          ),
      );
      const row = await fillReport(user);
      await waitFor(() => expect(row.getByText('The report cannot be dated in the future')).toBeTruthy());
      expect(row.getByText('Please enter the reference AUSTRAC gave the report')).toBeTruthy();
      expect(row.getByLabelText(/^Reported to AUSTRAC on/).getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByTestId('toast')).toBeNull();
    });
  });
}
