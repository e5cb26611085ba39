/**
 * The testimonial form (src/islands/admin/site-content/TestimonialForm.tsx on kit/ContentForm.tsx,
 * its fields held by kit/useSchemaFields.ts by the input schema's names): the schema's messages
 * under their fields with focus on the first, the consent rule before anything is sent, an edit
 * sent whole with its version to its declared route, and the server's field errors shown under
 * their field. /api/testimonials is answered at `fetch`.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { TestimonialForm } from '#src/islands/admin/site-content/TestimonialForm.tsx';
import { CONSENT_REQUIRED, type Testimonial } from '#src/shared/schemas/testimonial.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const STORED: Testimonial = {
  id: 'tm-1',
  title: 'Priya, Parramatta',
  position: 'First home buyer',
  content: 'Clear advice at every step.',
  source: 'Google review',
  receivedAt: '2026-03-01',
  consent: false,
  isActive: false,
  createdAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  version: 'v1',
};

function open(item: Testimonial | null, answer: (call: ApiCall) => Response | Promise<Response>) {
  const calls = serveApi(answer);
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <TestimonialForm item={item} onSaved={onSaved} onCancel={vi.fn()} onConflict={vi.fn(async () => null)} />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(screen.getByTestId('testimonial-form'));
  return { calls, onSaved, user, form };
}

test('an empty form says what each field needs, focuses the first, and sends nothing', async () => {
  const { user, form, calls } = open(null, () => json({}, 201));
  expect(form.getByRole('heading').textContent).toBe('Add New Testimonial');
  await user.click(form.getByRole('button', { name: 'Add Testimonial' }));
  for (const message of ['Title is required', 'Content is required', 'Source is required', 'Date received is required'])
    expect(form.getByText(message)).toBeTruthy();
  expect(document.activeElement).toBe(form.getByLabelText(/Title/));
  await user.type(form.getByLabelText(/Title/), 'Sam, Penrith');
  await user.click(form.getByRole('button', { name: 'Add Testimonial' }));
  expect(form.queryByText('Title is required')).toBeNull();
  expect(document.activeElement).toBe(form.getByLabelText(/Content/));
  expect(calls).toEqual([]);
});

test('switched on without consent, it says so at the consent box; with consent the edit is sent whole', async () => {
  const saved = { ...STORED, consent: true, isActive: true, version: 'v2' };
  const page = open(STORED, () => json(saved));
  const { user, form, calls } = page;
  expect(form.getByRole('heading').textContent).toBe('Edit Testimonial');
  expect(form.getByLabelText(/Title/)).toHaveProperty('value', STORED.title);
  await user.click(form.getByRole('switch', { name: 'Show on website' }));
  await user.click(form.getByRole('button', { name: 'Update Testimonial' }));
  const consent = form.getByRole('checkbox', { name: /The client agreed/ });
  expect(form.getByText(CONSENT_REQUIRED)).toBeTruthy();
  expect(consent.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(consent);
  expect(calls).toEqual([]);

  await user.click(consent);
  const content = form.getByLabelText(/Content/);
  await user.clear(content);
  await user.type(content, 'Calm and quick.');
  await user.click(form.getByRole('button', { name: 'Update Testimonial' }));
  await expectToast('Success', 'Testimonial updated successfully', 'default');
  expect(calls).toEqual([
    {
      method: 'PUT',
      path: '/api/testimonials/tm-1',
      body: {
        title: STORED.title,
        position: STORED.position,
        content: 'Calm and quick.',
        source: STORED.source,
        receivedAt: STORED.receivedAt,
        consent: true,
        isActive: true,
        version: 'v1',
      },
    },
  ]);
  expect(page.onSaved).toHaveBeenCalledWith(saved);
});

test("the server's field errors show under their field, with focus on it", async () => {
  const { user, form } = open(STORED, () =>
    json({ error: 'Please check the highlighted fields', fieldErrors: { source: ['Source is too long'] } }, 400),
  );
  await user.click(form.getByRole('button', { name: 'Update Testimonial' }));
  expect(await form.findByText('Source is too long')).toBeTruthy();
  expect(form.getByRole('alert').textContent).toBe('Please check the highlighted fields');
  expect(document.activeElement).toBe(form.getByLabelText(/Source/));
});
