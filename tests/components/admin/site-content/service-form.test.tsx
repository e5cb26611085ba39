/**
 * The service form (src/islands/admin/site-content/ServiceForm.tsx on kit/ContentForm.tsx, the
 * frame the testimonial form shares): validation with the API's own schema and focus on the
 * first faulty field, Creating.../Updating... while pending, the success and failure toasts,
 * the server's field errors, and on a 409 the explanation, what was typed kept and the latest
 * version adopted so a second save replaces it. /api/services is answered at `fetch`.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ServiceForm } from '#src/islands/admin/site-content/ServiceForm.tsx';
import type { Service } from '#src/shared/schemas/service.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const STORED: Service = {
  id: 'svc-1',
  title: 'Residential Purchase',
  description: 'We act for buyers.',
  icon: 'key',
  features: ['Contract review'],
  timeFrame: '4-6 weeks',
  serviceAreas: ['Sydney'],
  isActive: true,
  order: 1,
  createdAt: '2025-11-01T00:00:00.000Z',
  updatedAt: '2025-11-01T00:00:00.000Z',
  version: 'v1',
};

function open(item: Service | null, answer: (call: ApiCall) => Response | Promise<Response>) {
  const calls = serveApi(answer);
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const onConflict = vi.fn(async () => ({ ...STORED, description: 'Theirs', version: 'v2' }));
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <ServiceForm item={item} onSaved={onSaved} onCancel={onCancel} onConflict={onConflict} />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(screen.getByTestId('service-form'));
  return { calls, onSaved, onCancel, onConflict, user, form };
}

async function fillNew({ user, form }: ReturnType<typeof open>) {
  await user.type(form.getByLabelText(/Title/), 'Off the plan');
  await user.type(form.getByLabelText(/Description/), 'New builds.');
  await user.selectOptions(form.getByLabelText(/Icon/), 'key');
  await user.type(form.getByLabelText(/Features/), 'Sunset clause check{Enter}{Enter}Deposit bond');
  await user.type(form.getByLabelText(/Time frame/), '{{off the plan}');
  await user.type(form.getByLabelText(/Service areas/), 'Parramatta');
}

test('an empty form says what each field needs, focuses the first, and sends nothing', async () => {
  const page = open(null, () => json({}, 201));
  const { user, form, calls } = page;
  expect(document.activeElement).toBe(form.getByLabelText(/Title/));
  await user.click(form.getByRole('button', { name: 'Add Service' }));
  for (const message of [
    'Title is required',
    'Description is required',
    'Please choose an icon',
    'Add at least one feature',
    'Time frame is required',
    'Add at least one service area',
  ]) {
    expect(form.getByText(message)).toBeTruthy();
  }
  expect(form.getByLabelText(/Title/).getAttribute('aria-invalid')).toBe('true');
  await user.type(form.getByLabelText(/Title/), 'Off the plan');
  await user.click(form.getByRole('button', { name: 'Add Service' }));
  expect(form.queryByText('Title is required')).toBeNull();
  expect(document.activeElement).toBe(form.getByLabelText(/Description/));
  expect(calls).toEqual([]);
});

test('a new service: Creating... while pending, then the success toast and the saved record handed on', async () => {
  const saved = { ...STORED, id: 'svc-2', title: 'Off the plan' };
  const held = heldAnswer(() => json(saved, 201));
  const page = open(null, held.response);
  await fillNew(page);
  await page.user.click(page.form.getByRole('button', { name: 'Add Service' }));
  const pending = await page.form.findByRole('button', { name: 'Creating...' });
  expect(pending).toHaveProperty('disabled', true);
  expect(page.form.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  held.open();
  await expectToast('Success', 'Service created successfully', 'default');
  expect(page.onSaved).toHaveBeenCalledWith(saved);
  expect(page.calls).toEqual([
    {
      method: 'POST',
      path: '/api/services',
      body: {
        title: 'Off the plan',
        description: 'New builds.',
        icon: 'key',
        features: ['Sunset clause check', 'Deposit bond'],
        timeFrame: '{off the plan}',
        serviceAreas: ['Parramatta'],
        isActive: true,
      },
    },
  ]);
});

test('a failed save says so, explains above the buttons and keeps what was typed', async () => {
  const page = open(null, serverError);
  await fillNew(page);
  await page.user.click(page.form.getByRole('button', { name: 'Add Service' }));
  await expectToast('Error', 'Failed to create service', 'destructive');
  expect(page.form.getByRole('alert').textContent).toBe(
    'The service was not saved (Something went wrong on our side). What you typed is still here; please try again.',
  );
  expect(page.form.getByLabelText(/Title/)).toHaveProperty('value', 'Off the plan');
  expect(page.form.getByRole('button', { name: 'Add Service' })).toHaveProperty('disabled', false);
  expect(page.onSaved).not.toHaveBeenCalled();
});

test("the server's field errors show under their fields, with focus on the first", async () => {
  const page = open(null, () =>
    json(
      { error: 'Please check the highlighted fields', fieldErrors: { timeFrame: ['Unknown placeholder {x}'] } },
      400,
    ),
  );
  await fillNew(page);
  await page.user.click(page.form.getByRole('button', { name: 'Add Service' }));
  expect(await page.form.findByText('Unknown placeholder {x}')).toBeTruthy();
  expect(page.form.getByRole('alert').textContent).toBe('Please check the highlighted fields');
  expect(document.activeElement).toBe(page.form.getByLabelText(/Time frame/));
});

test('an edit over a newer version explains the conflict, keeps the edit, and a second save replaces theirs', async () => {
  const conflict = 'Someone else changed this service since you opened it. Save again to replace their changes.';
  let answers = 0;
  const page = open(STORED, (call) =>
    ++answers === 1 ? json({ error: conflict }, 409) : json({ ...STORED, ...(call.body as object), version: 'v3' }),
  );
  expect(page.form.getByRole('heading').textContent).toBe('Edit Service');
  const description = page.form.getByLabelText(/Description/);
  await page.user.clear(description);
  await page.user.type(description, 'Mine');
  await page.user.click(page.form.getByRole('button', { name: 'Update Service' }));
  await expectToast('Error', 'Failed to update service', 'destructive');
  expect(page.form.getByRole('alert').textContent).toBe(conflict);
  expect(page.onConflict).toHaveBeenCalledWith('svc-1');
  expect(description).toHaveProperty('value', 'Mine');

  await page.user.click(page.form.getByRole('button', { name: 'Update Service' }));
  await expectToast('Success', 'Service updated successfully', 'default');
  expect(page.calls.map((call) => [call.method, call.path, (call.body as { version: string }).version])).toEqual([
    ['PUT', '/api/services/svc-1', 'v1'],
    ['PUT', '/api/services/svc-1', 'v2'],
  ]);
  expect(page.onSaved).toHaveBeenCalledTimes(1);
});
