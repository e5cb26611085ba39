/**
 * Both public enquiry forms (src/islands/HeroForm.tsx, ContactForm.tsx and their shared
 * enquiry-form.ts): every validation message under its field, Submitting... while the post is
 * pending, the success toast and a reset form, and on a failure the toast with the practice's
 * phone and everything typed kept. The post is answered at `fetch`.
 */
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import ContactForm from '#src/islands/ContactForm.tsx';
import HeroForm from '#src/islands/HeroForm.tsx';
import Toaster from '#src/ui/Toaster.tsx';
import { expectToast } from './kit/toast.ts';
import { heldAnswer, json, serveApi, serverError } from './kit/fetch.ts';

const PHONE = '(02) 5550 0123';

const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Phone number is required',
  serviceType: 'Please select a service',
};

const FORMS = [
  { name: 'hero', Form: HeroForm, submit: 'Get My Free Quote', service: 'Residential Conveyancing' },
  { name: 'contact', Form: ContactForm, submit: 'Send Enquiry', service: 'Residential Purchase' },
] as const;

for (const spec of FORMS) {
  describe(`the ${spec.name} form`, () => {
    function open() {
      const user = userEvent.setup({ delay: null });
      const { container } = render(
        <>
          <spec.Form phone={PHONE} />
          <Toaster />
        </>,
      );
      const form = within(container.querySelector('form')!);
      const control = (name: string) => container.querySelector<HTMLElement>(`[name="${name}"]`)!;
      return { user, form, control };
    }

    async function fill({ user, form }: ReturnType<typeof open>) {
      await user.type(form.getByLabelText(/First name/), 'Alex');
      await user.type(form.getByLabelText(/Last name/), 'Citizen');
      await user.type(form.getByLabelText(/Email/), 'alex@example.com');
      await user.type(form.getByLabelText(/Phone/), '0400 000 000');
      await user.selectOptions(form.getByLabelText(/Service/), spec.service);
      await user.type(form.getByLabelText(/Message/), 'Buying in Castle Hill.');
    }

    test('shows every validation message under its field and in the focused error summary, and clears one when it is mended', async () => {
      const calls = serveApi(() => json({ ok: true }));
      const page = open();
      const { user, form, control } = page;
      await user.click(form.getByRole('button', { name: spec.submit }));
      for (const [field, message] of Object.entries(MESSAGES)) {
        expect(control(field).getAttribute('aria-invalid'), field).toBe('true');
        const describedBy = control(field).getAttribute('aria-describedby') ?? '';
        const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
        expect(described, field).toContain(message);
      }
      // The error summary at the form's top has the focus, each message a link to its field.
      const summary = () => document.querySelector<HTMLElement>('[data-error-summary]')!;
      expect(document.activeElement).toBe(summary());
      const link = within(summary()).getByRole('link', { name: MESSAGES.firstName });
      expect(link.getAttribute('href')).toBe(`#${control('firstName').id}`);
      await user.type(form.getByLabelText(/Email/), 'not-an-email');
      await user.click(form.getByRole('button', { name: spec.submit }));
      expect(within(summary()).getByRole('link', { name: MESSAGES.email })).toBeTruthy();
      expect(document.activeElement).toBe(summary());
      await user.type(form.getByLabelText(/First name/), 'Alex');
      expect(form.queryByText(MESSAGES.firstName)).toBeNull();
      expect(control('firstName').getAttribute('aria-invalid')).toBeNull();
      expect(calls).toEqual([]);
    });

    test('shows Submitting... while pending, then the success toast and a reset form', async () => {
      const vibrations: unknown[] = [];
      vi.stubGlobal(
        'navigator',
        Object.assign(Object.create(navigator), { vibrate: (p: unknown) => vibrations.push(p) > 0 }),
      );
      const held = heldAnswer(() => json({ ok: true }, 201));
      const calls = serveApi(held.response);
      const page = open();
      await fill(page);
      await page.user.click(page.form.getByRole('button', { name: spec.submit }));
      const pending = await page.form.findByRole('button', { name: 'Submitting...' });
      expect(pending).toHaveProperty('disabled', true);
      held.open();
      await expectToast(
        'Quote Request Submitted',
        "We'll respond to your inquiry within 2 hours during business hours.",
        'default',
      );
      expect(page.form.getByLabelText(/First name/)).toHaveProperty('value', '');
      expect(page.form.getByLabelText(/Email/)).toHaveProperty('value', '');
      expect(page.form.getByRole('button', { name: spec.submit })).toHaveProperty('disabled', false);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contact' });
      expect(calls[0]!.body).toMatchObject({
        firstName: 'Alex',
        lastName: 'Citizen',
        email: 'alex@example.com',
        website: '',
      });
      const keys = Object.keys(calls[0]!.body as object);
      if (spec.name === 'hero') {
        expect(keys).toEqual(expect.arrayContaining(['callbackDate', 'callbackTime', 'message']));
        // Medium on send, then the success pattern.
        expect(vibrations).toEqual([[40], [60, 40, 60]]);
      } else {
        expect(keys).toEqual(expect.arrayContaining(['propertyAddress', 'message']));
      }
    });

    test("keeps the values and shows the failure toast with the practice's phone when the server fails", async () => {
      serveApi(serverError);
      const page = open();
      await fill(page);
      await page.user.click(page.form.getByRole('button', { name: spec.submit }));
      await expectToast('Submission Failed', `Please try again or call us directly at ${PHONE}.`, 'destructive');
      expect(page.form.getByLabelText(/First name/)).toHaveProperty('value', 'Alex');
      expect(page.form.getByLabelText(/Email/)).toHaveProperty('value', 'alex@example.com');
      expect(page.form.getByRole('button', { name: spec.submit })).toHaveProperty('disabled', false);
    });
  });
}

test('the hero form pulses for 300 ms where vibration is unavailable', async () => {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate: undefined }));
  serveApi(serverError);
  const user = userEvent.setup({ delay: null });
  const { container } = render(
    <>
      <HeroForm phone={PHONE} />
      <Toaster />
    </>,
  );
  const form = container.querySelector('form')!;
  let pulses = 0;
  // Counts each change of the class while the pulse is on (a restart removes and adds it at once).
  new MutationObserver((records) => {
    if (form.classList.contains('buzz')) pulses += records.length;
  }).observe(form, { attributes: true, attributeFilter: ['class'] });
  const fields = within(form);
  await user.type(fields.getByLabelText(/First name/), 'Alex');
  await user.type(fields.getByLabelText(/Last name/), 'Citizen');
  await user.type(fields.getByLabelText(/Email/), 'alex@example.com');
  await user.type(fields.getByLabelText(/Phone/), '0400 000 000');
  await user.selectOptions(fields.getByLabelText(/Service/), 'Residential Conveyancing');
  await user.click(fields.getByRole('button', { name: 'Get My Free Quote' }));
  await expectToast('Submission Failed', PHONE, 'destructive');
  // One pulse as it sends, one for the failure; each is gone 300 ms later.
  await vi.waitFor(() => expect(pulses).toBeGreaterThanOrEqual(2));
  await vi.waitFor(() => expect(form.classList.contains('buzz')).toBe(false), { timeout: 1000 });
});
