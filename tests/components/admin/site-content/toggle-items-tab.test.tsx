/**
 * The Services and Testimonials tabs (src/islands/admin/site-content/ToggleItemsTab.tsx): the
 * active switch sends its new value at once and the list is read again; a failed switch says
 * so and shows the stored value again; delete asks first, and a failed delete says so and
 * keeps the item. /api is answered at `fetch`, the list from an in-memory copy.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import ServicesTab from '#src/islands/admin/site-content/ServicesTab.tsx';
import TestimonialsTab from '#src/islands/admin/site-content/TestimonialsTab.tsx';
import type { Service } from '#src/shared/schemas/service.ts';
import type { Testimonial } from '#src/shared/schemas/testimonial.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const STAMPS = { createdAt: '2025-11-01T00:00:00.000Z', updatedAt: '2025-11-01T00:00:00.000Z', version: 'v1' };
const SERVICE: Service = {
  id: 'svc-1',
  title: 'Residential Purchase',
  description: 'We act for buyers.',
  icon: 'key',
  features: ['Contract review'],
  timeFrame: '4-6 weeks',
  serviceAreas: ['Sydney'],
  isActive: true,
  order: 1,
  ...STAMPS,
};
const TESTIMONIAL: Testimonial = {
  id: 'tst-1',
  title: 'Sam K.',
  content: 'Clear advice at every step.',
  source: 'Google review',
  receivedAt: '2025-10-01',
  consent: true,
  isActive: false,
  ...STAMPS,
};

const KINDS = [
  {
    Tab: ServicesTab,
    noun: 'service',
    Noun: 'Service',
    plural: 'services',
    item: SERVICE as { id: string; title: string; isActive: boolean },
  },
  { Tab: TestimonialsTab, noun: 'testimonial', Noun: 'Testimonial', plural: 'testimonials', item: TESTIMONIAL },
] as const;

for (const kind of KINDS) {
  describe(`the ${kind.plural} tab`, () => {
    /** The tab over a store of one item; `fail` names the method whose write fails. */
    async function open(fail?: 'PUT' | 'DELETE') {
      let stored = [{ ...kind.item }];
      const calls = serveApi((call: ApiCall) => {
        if (call.method === 'GET' && call.path === `/api/admin/${kind.plural}`) return json(stored);
        if (call.method === fail) return serverError();
        if (call.method === 'PUT') {
          stored = stored.map((item) => ({ ...item, ...(call.body as object) }));
          return json(stored[0]);
        }
        if (call.method === 'DELETE') {
          stored = [];
          return new Response(null, { status: 204 });
        }
        return json({ error: 'Not found' }, 404);
      });
      const user = userEvent.setup({ delay: null });
      render(
        <>
          <kind.Tab />
          <Toaster placement="bottom" />
        </>,
      );
      const toggle = await screen.findByRole('switch', { name: `Show on website: ${kind.item.title}` });
      const article = () => screen.queryByRole('article', { name: `${kind.Noun}: ${kind.item.title}` });
      return { calls, user, toggle, article };
    }
    const was = String(kind.item.isActive);
    const flipped = String(!kind.item.isActive);

    test('the switch saves at once, and the badge follows', async () => {
      const { calls, user, toggle, article } = await open();
      await user.click(toggle);
      await expectToast('Success', `${kind.Noun} updated successfully`, 'default');
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/api/${kind.plural}/${kind.item.id}`,
        body: { isActive: !kind.item.isActive },
      });
      const after = await screen.findByRole('switch', { name: `Show on website: ${kind.item.title}` });
      expect(after.getAttribute('aria-checked')).toBe(flipped);
      expect(within(article()!).getByTestId('status-badge').textContent).toBe(
        kind.item.isActive ? 'Inactive' : 'Active',
      );
      // The list was read again after the change.
      expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    });

    // The stored testimonial is off: its words must not say Active (a defect seen once).
    if (!kind.item.isActive) {
      test('the words beside an off switch say what it does, not Active', async () => {
        const { toggle, article } = await open();
        expect(toggle.getAttribute('aria-checked')).toBe('false');
        const item = within(article()!);
        expect(item.getByTestId('status-badge').textContent).toBe('Inactive');
        expect(item.queryByText('Active', { exact: true })).toBeNull();
        expect(item.getByText('Show on website', { exact: true })).toBeTruthy();
      });
    }

    test('a failed switch says so and shows the stored value again', async () => {
      const { user, toggle, article } = await open('PUT');
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(toggle.getAttribute('aria-checked')).toBe(was);
      await user.click(toggle);
      await expectToast('Error', `Failed to update ${kind.noun}`, 'destructive');
      expect(
        screen.getByRole('switch', { name: `Show on website: ${kind.item.title}` }).getAttribute('aria-checked'),
      ).toBe(was);
      expect(within(article()!).getByTestId('status-badge').textContent).toBe(
        kind.item.isActive ? 'Active' : 'Inactive',
      );
      expect(logged).toHaveBeenCalledWith(`Failed to update ${kind.noun}`, expect.any(Error));
    });

    test('delete asks first; Cancel keeps the item, and a failed delete says so and keeps it', async () => {
      const { calls, user, article } = await open('DELETE');
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const deleteButton = screen.getByRole('button', { name: `Delete ${kind.noun}: ${kind.item.title}` });
      await user.click(deleteButton);
      const dialog = screen.getByRole('dialog', { name: `Delete this ${kind.noun}?` });
      expect(dialog.textContent).toContain(kind.item.title);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
      await user.click(deleteButton);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: `Delete ${kind.noun}` }));
      await expectToast('Error', `Failed to delete ${kind.noun}`, 'destructive');
      expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
      expect(article()).not.toBeNull();
    });

    test('a confirmed delete says so and the item leaves the list', async () => {
      const { user, article } = await open();
      await user.click(screen.getByRole('button', { name: `Delete ${kind.noun}: ${kind.item.title}` }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: `Delete ${kind.noun}` }));
      await expectToast('Success', `${kind.Noun} deleted successfully`, 'default');
      await screen.findByText(kind.noun === 'service' ? 'No services available.' : /No testimonials/);
      expect(article()).toBeNull();
    });
  });
}

// What the e2e conflict journey held at the tab's level: the form's side of a 409 is
// service-form.test.tsx's, the server's 409 is tests/functions/site/site-content.test.ts's.
test('an edit over a newer version: the tab reads the list again, the form keeps the edit, and a second save sends the latest version', async () => {
  const conflict = 'Someone else changed this service since you opened it. Save again to replace their changes.';
  let stored: Service = { ...SERVICE };
  let puts = 0;
  const calls = serveApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/admin/services') return json([stored]);
    if (call.method === 'PUT' && ++puts === 1) {
      // Someone else saved first.
      stored = { ...stored, description: 'Theirs', version: 'v2' };
      return json({ error: conflict }, 409);
    }
    if (call.method === 'PUT') {
      stored = { ...stored, ...(call.body as object), version: 'v3' };
      return json(stored);
    }
    return json({ error: 'Not found' }, 404);
  });
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <ServicesTab />
      <Toaster placement="bottom" />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: `Edit service: ${SERVICE.title}` }));
  const form = within(screen.getByTestId('service-form'));
  const description = form.getByLabelText(/Description/);
  await user.clear(description);
  await user.type(description, 'Mine, typed while someone else saved');
  await user.click(form.getByRole('button', { name: 'Update Service' }));
  await expectToast('Error', 'Failed to update service', 'destructive');
  expect((await form.findByRole('alert')).textContent).toBe(conflict);
  expect(description).toHaveProperty('value', 'Mine, typed while someone else saved');

  await user.click(form.getByRole('button', { name: 'Update Service' }));
  await expectToast('Success', 'Service updated successfully', 'default');
  expect(
    calls
      .filter((call) => call.method === 'PUT')
      .map((call) => [call.path, (call.body as { version: string; description: string }).version]),
  ).toEqual([
    ['/api/services/svc-1', 'v1'],
    ['/api/services/svc-1', 'v2'],
  ]);
  const article = await screen.findByRole('article', { name: `Service: ${SERVICE.title}` });
  await within(article).findByText('Mine, typed while someone else saved');
});

test('a testimonial card says whether consent is recorded', async () => {
  serveApi((call: ApiCall) =>
    call.method === 'GET' && call.path === '/api/admin/testimonials'
      ? json([
          { ...TESTIMONIAL, id: 'tst-1', title: 'Agreed' },
          { ...TESTIMONIAL, id: 'tst-2', title: 'Not asked', consent: false },
        ])
      : json({ error: 'Not found' }, 404),
  );
  render(<TestimonialsTab />);
  const agreed = within(await screen.findByRole('article', { name: 'Testimonial: Agreed' }));
  const notAsked = within(screen.getByRole('article', { name: 'Testimonial: Not asked' }));
  expect(agreed.getByText(/Consent recorded/)).toBeTruthy();
  expect(agreed.queryByText(/No consent recorded/)).toBeNull();
  expect(notAsked.getByText('No consent recorded: edit it before switching it on')).toBeTruthy();
});
