/**
 * Settings › Transfer duty indexation (src/islands/admin/duty/DutyIndexationPanel.tsx): the
 * form that adds a year's ratio, its fields held by the schema's names (decision 056). The
 * schema's messages under their fields with focus on the first, the year as the path's and the
 * ratio and source as the body of `PUT /api/duty-indexation/:year`, pending then the toast and
 * the list again, and the server's refusals under their field. /api/duty-indexation is answered
 * at `fetch`; the rule the server applies to a ratio is tests/functions' (duty-indexation).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import DutyIndexationPanel from '#src/islands/admin/duty/DutyIndexationPanel.tsx';
import type { DutyIndexationList } from '#src/shared/schemas/duty-indexation.ts';
import { $session } from '#src/stores/session.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const SHIPPED_2025 = {
  year: 2025,
  label: '2025-26',
  ratio: '1.224',
  shipped: true,
  addedAt: null,
  addedBy: null,
  effective: '2025-07-01',
  ranges: [
    { from: 0, base: 0, centsPer100: 125 },
    { from: 17_000, base: 212, centsPer100: 150 },
  ],
  premium: { from: 3_721_000, base: 186_667, centsPer100: 700 },
  source: 'Duties Act 1997',
};
const MISSING: DutyIndexationList = { years: [SHIPPED_2025], missing: '2026-27' };
const SOURCE = 'Notice of Adjusted Amounts under Section 33AF of Duties Act 1997 (2026)';

afterEach(() => $session.set({ status: 'loading' }));

/** The panel as a principal sees it; `answer` takes the writes, GET answers `list()`. */
async function open(list: () => DutyIndexationList, answer: (call: ApiCall) => Response | Promise<Response>) {
  $session.set({ status: 'signed-in', user: { id: 'p-id', username: 'pat', role: 'principal' } });
  const calls = serveApi((call) => (call.method === 'GET' ? json(list()) : answer(call)));
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <DutyIndexationPanel headingId="duty" />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(await screen.findByRole('form', { name: "Add a year's duty indexation" }));
  const save = () => user.click(form.getByRole('button', { name: 'Save indexation' }));
  return { calls, user, form, save, writes: () => calls.filter((call) => call.method !== 'GET') };
}

test('offers the missing year, says what each field needs with focus on the first, and sends nothing', async () => {
  const { user, form, save, writes } = await open(
    () => MISSING,
    () => json({}),
  );
  const year = form.getByLabelText(/Year starting 1 July/);
  expect(year).toHaveProperty('value', '2026');
  expect(form.getByText('2026-27')).toBeTruthy();

  await user.clear(year);
  await user.type(year, '26');
  await save();
  expect(form.getByText('Please enter the year its 1 July falls in, e.g. 2026')).toBeTruthy();
  expect(
    form.getByText('Please enter the ratio as the notice gives it, to 3 decimal places (e.g. 1.260)'),
  ).toBeTruthy();
  expect(
    form.getByText('Please say where the ratio comes from (e.g. the Chief Commissioner’s s 33AF notice)'),
  ).toBeTruthy();
  expect(document.activeElement).toBe(year);
  expect(year.getAttribute('aria-invalid')).toBe('true');

  await user.clear(year);
  await user.type(year, '2026');
  await user.type(form.getByLabelText(/Ratio/), '1.26');
  await save();
  expect(form.queryByText('Please enter the year its 1 July falls in, e.g. 2026')).toBeNull();
  expect(document.activeElement).toBe(form.getByLabelText(/Ratio/));
  expect(writes()).toEqual([]);
});

test('saves the year’s ratio to its path: pending, the toast, the fields emptied and the list read again', async () => {
  let list = MISSING;
  const held = heldAnswer(() => {
    list = {
      years: [
        {
          ...SHIPPED_2025,
          year: 2026,
          label: '2026-27',
          ratio: '1.260',
          shipped: false,
          addedAt: '2026-12-01T00:00:00.000Z',
          addedBy: 'pat',
        },
        SHIPPED_2025,
      ],
      missing: null,
    };
    return json({
      effective: '2026-07-01',
      ranges: SHIPPED_2025.ranges,
      premium: SHIPPED_2025.premium,
      source: SOURCE,
    });
  });
  const { user, form, save, calls, writes } = await open(() => list, held.response);
  await user.type(form.getByLabelText(/Ratio/), ' 1.260 ');
  await user.type(form.getByLabelText(/Source/), SOURCE);
  await save();
  const button = form.getByRole('button', { name: /Save indexation/ });
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
  expect(button).toHaveProperty('disabled', true);
  held.open();
  await expectToast('Success', 'The 2026-27 duty indexation was saved; the public site is being rebuilt', 'default');
  expect(writes()).toEqual([
    // Sent as typed, as every admin form sends the input: the declared schema trims it on the server.
    { method: 'PUT', path: '/api/duty-indexation/2026', body: { ratio: ' 1.260 ', source: SOURCE } },
  ]);
  expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  // The next year is offered, with the ratio and source emptied.
  const next = within(await screen.findByRole('form', { name: "Add a year's duty indexation" }));
  await waitFor(() => expect(next.getByLabelText(/Year starting 1 July/)).toHaveProperty('value', '2027'));
  expect(next.getByLabelText(/Ratio/)).toHaveProperty('value', '');
  expect(next.getByLabelText(/Source/)).toHaveProperty('value', '');
});

test('the server’s field error shows under its field, and a refusal without one under the year', async () => {
  let refusal = json(
    {
      error: 'Please check the highlighted fields',
      fieldErrors: { ratio: ['The ratio cannot be below 2025-26’s (1.224)'] },
    },
    400,
  );
  const { user, form, save } = await open(
    () => MISSING,
    () => refusal,
  );
  await user.type(form.getByLabelText(/Ratio/), '1.200');
  await user.type(form.getByLabelText(/Source/), SOURCE);
  await save();
  await waitFor(() => expect(form.getByText('The ratio cannot be below 2025-26’s (1.224)')).toBeTruthy());
  expect(document.activeElement).toBe(form.getByLabelText(/Ratio/));
  await expectToast('Error', 'Failed to save the 2026-27 duty indexation', 'destructive');

  refusal = json({ error: 'Only the next year can be added' }, 409);
  await save();
  await waitFor(() => expect(form.getByText('Only the next year can be added')).toBeTruthy());
  expect(form.queryByText('The ratio cannot be below 2025-26’s (1.224)')).toBeNull();
  expect(document.activeElement).toBe(form.getByLabelText(/Year starting 1 July/));
  // What was typed stays, to be mended.
  expect(form.getByLabelText(/Ratio/)).toHaveProperty('value', '1.200');
});
