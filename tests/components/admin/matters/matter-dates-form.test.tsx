/**
 * "The contract's dates" on a matter (src/islands/admin/matters/MatterDatesForm.tsx): the
 * matter's values in the fields, the body a save sends (a price as whole dollars, empty dates
 * as null, blank condition rows left out, the owner-occupier tick only for off the plan),
 * pending while it saves, and the server's field errors under their fields until a save
 * passes. The save itself, and the deadlines worked out again, are
 * tests/functions/matters/matters.test.ts's.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { MatterDatesForm } from '#src/islands/admin/matters/MatterDatesForm.tsx';
import { ApiError } from '#src/lib/api.ts';
import type { MatterView } from '#src/shared/schemas/matter.ts';

const MATTER: MatterView = {
  id: 'matter-1',
  enquiryId: 'enquiry-1',
  client: { name: 'Dana Buyer', email: 'dana@example.com' },
  property: '1 Test Street, Castle Hill NSW 2154',
  side: 'purchase',
  propertyType: 'established',
  contractDate: '2026-11-02',
  price: 850000,
  coolingOff: 'standard',
  settlementDate: '2026-12-14',
  ownerOccupier: false,
  dates: [{ key: 'finance', label: 'Finance approval', date: '2026-11-20' }],
  responsible: 'alex',
  openedAt: '2026-11-02T00:00:00.000Z',
  deadlines: [],
  milestones: [],
  next: null,
  overdue: 0,
  updateRequests: 0,
  waitingRequests: [],
  open: true,
  timeline: [],
  texts: null,
};

type Body = Parameters<Parameters<typeof MatterDatesForm>[0]['onSave']>[0];

function open(onSave: (body: Body) => Promise<boolean>, matter: MatterView = MATTER) {
  const save = vi.fn(onSave);
  render(<MatterDatesForm matter={matter} onSave={save} />);
  const user = userEvent.setup({ delay: null });
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  return { save, user, field, button: () => screen.getByRole('button', { name: 'Save the dates' }) };
}

test("shows the matter's values, and sends them back as the server takes them", async () => {
  const { save, user, field } = open(() => Promise.resolve(true));
  expect(field(/^Side/).value).toBe('purchase');
  expect(field(/^Property type/).value).toBe('established');
  expect(field(/^Contract date/).value).toBe('2026-11-02');
  expect(field(/^Price in the contract/).value).toBe('850,000');
  expect(field(/^Cooling-off/).value).toBe('standard');
  expect(field(/^Settlement date in the contract/).value).toBe('2026-12-14');
  // The owner-occupier tick is for off the plan only.
  expect(screen.queryByRole('checkbox', { name: /The buyer will live in the home/ })).toBeNull();

  await user.selectOptions(field(/^Property type/), 'off-the-plan');
  await user.click(screen.getByRole('checkbox', { name: /The buyer will live in the home/ }));
  await user.clear(field(/^Price in the contract/));
  await user.type(field(/^Price in the contract/), '$900,000');
  await user.clear(field(/^Settlement date in the contract/));
  await user.click(screen.getByRole('button', { name: 'Save the dates' }));

  expect(save).toHaveBeenCalledWith({
    side: 'purchase',
    propertyType: 'off-the-plan',
    contractDate: '2026-11-02',
    coolingOff: 'standard',
    settlementDate: null,
    ownerOccupier: true,
    dates: [{ label: 'Finance approval', date: '2026-11-20' }],
    price: 900000,
  });
});

test('a price that is not whole dollars goes as typed; no price, no dates and no rows go as none', async () => {
  const bare = { ...MATTER, contractDate: undefined, price: undefined, settlementDate: undefined, dates: [] };
  const { save, user, field } = open(() => Promise.resolve(true), bare);
  expect(field(/^Price in the contract/).value).toBe('');
  await user.click(screen.getByRole('button', { name: 'Save the dates' }));
  expect(save).toHaveBeenLastCalledWith(
    expect.objectContaining({ contractDate: null, settlementDate: null, price: null, dates: [] }),
  );
  await user.type(field(/^Price in the contract/), '850k');
  await user.click(screen.getByRole('button', { name: 'Save the dates' }));
  expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ price: '850k' }));
});

test("pending while it saves; the server's field errors under their fields, until a save passes", async () => {
  let settle: (saved: boolean) => void = () => undefined;
  const answers: (() => Promise<boolean>)[] = [
    () => Promise.reject(new ApiError('Please check the highlighted fields', 400, { price: ['Use whole dollars'] })),
    () => new Promise<boolean>((resolve) => (settle = resolve)),
  ];
  const { user, button } = open(() => answers.shift()!());
  await user.click(button());
  await waitFor(() => expect(screen.getByText('Use whole dollars')).toBeTruthy());

  await user.click(button());
  expect(button()).toHaveProperty('disabled', true);
  expect(button().getAttribute('aria-busy')).toBe('true');
  settle(true);
  await waitFor(() => expect(screen.queryByText('Use whole dollars')).toBeNull());
  expect(button()).toHaveProperty('disabled', false);
});
