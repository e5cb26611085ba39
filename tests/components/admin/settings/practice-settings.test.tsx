/**
 * The practice record's form (src/islands/admin/settings/PracticeSettings.tsx): the schema's
 * messages under their fields with focus on the first, a fault in a section not shown opening
 * that section at the field, and a changed public claim asking for the day it was checked.
 * Nothing faulty is sent. GET /api/settings answers the shipped defaults, at `fetch`.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import PracticeSettings from '#src/islands/admin/settings/PracticeSettings.tsx';
import type { PracticePart } from '#src/islands/admin/settings/settings-sections.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi, type ApiCall } from '#tests/components/kit/fetch.ts';

/** The Settings tab's part of it: which section shows, and the form opening another. */
function Sections({ first }: { first: PracticePart }) {
  const [part, setPart] = useState<PracticePart>(first);
  return (
    <>
      <p data-testid="section-shown">{part}</p>
      {/* What SettingsNav's links do. */}
      <button type="button" onClick={() => setPart('practice')}>
        Show Practice details
      </button>
      <PracticeSettings part={part} onShowPart={setPart} />
    </>
  );
}

async function open(first: PracticePart) {
  const calls = serveApi((call: ApiCall) =>
    call.path === '/api/site-builds'
      ? json({ lastRequestedAt: null, pending: false })
      : json({ ...defaultPracticeSettings(), version: 'default', updatedAt: null }),
  );
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <Sections first={first} />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(await screen.findByTestId('practice-settings'));
  await form.findByRole('button', { name: 'Save Settings' });
  const sent = () => calls.filter((call) => call.method !== 'GET');
  return { user, form, sent };
}

test('an empty phone and a wrong e-mail: each message under its field, focus on the first, nothing sent', async () => {
  const { user, form, sent } = await open('practice');
  const phone = form.getByLabelText(/^Phone/);
  await user.clear(phone);
  const email = form.getByRole('textbox', { name: /^E-mail/ });
  await user.clear(email);
  await user.type(email, 'not-an-address');
  await user.click(form.getByRole('button', { name: 'Save Settings' }));
  expect(form.getByText('Phone is required')).toBeTruthy();
  expect(form.getByText('Enter a valid e-mail address')).toBeTruthy();
  expect(document.activeElement).toBe(phone);
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(sent()).toEqual([]);
});

test('a fault in the opening hours, saved from Practice details, opens Opening hours at the field', async () => {
  const { user, form, sent } = await open('hours');
  const week = within(form.getByTestId('hours-week'));
  fireEvent.change(week.getByLabelText('Saturday opens'), { target: { value: '09:30' } });
  fireEvent.change(week.getByLabelText('Saturday closes'), { target: { value: '08:00' } });
  await user.click(within(form.getByTestId('hours-week')).getByRole('checkbox', { name: 'Sunday: open' }));
  expect(week.queryByLabelText('Sunday opens')).toBeNull();

  // Off to Practice details; the week is kept in the form, and its fault found from there.
  await user.click(screen.getByRole('button', { name: 'Show Practice details' }));
  expect(form.queryByTestId('hours-week')).toBeNull();
  await user.click(form.getByRole('button', { name: 'Save Settings' }));
  await waitFor(() => expect(screen.getByTestId('section-shown').textContent).toBe('hours'));
  expect(form.getByText('Closing time must be after opening time')).toBeTruthy();
  await waitFor(() => expect(document.activeElement?.id).toMatch(/hours|closes-5|opens-5/));
  expect(within(form.getByTestId('hours-week')).queryByLabelText('Sunday opens')).toBeNull();
  expect(sent()).toEqual([]);
});

test('a changed public claim asks for the day it was checked, at that field', async () => {
  const { user, form, sent } = await open('claims');
  const claims = within(form.getByRole('group', { name: 'Public claims' }));
  const figure = claims.getByRole('textbox', { name: /^Client satisfaction$/ });
  expect(figure).toHaveProperty('value', '98%');
  const checked = claims.getByLabelText(/^Client satisfaction: last checked/);
  expect(checked.getAttribute('aria-describedby')).not.toBeNull();
  await user.clear(figure);
  await user.type(figure, '96%');
  await user.click(form.getByRole('button', { name: 'Save Settings' }));
  expect(document.activeElement).toBe(checked);
  expect(checked.getAttribute('aria-invalid')).toBe('true');
  const described = (checked.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toMatch(/Give the date you last checked this figure/);
  expect(sent()).toEqual([]);
});
