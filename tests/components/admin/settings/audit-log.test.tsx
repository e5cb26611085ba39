/**
 * The audit log's pages (src/islands/admin/settings/AuditLog.tsx): the first 25 entries, then
 * "Load more" asks for the next page with the cursor the server gave and adds it below, newest
 * first, until the server says there is no more. GET /api/audit and /api/staff are answered at
 * `fetch`; the server's paging itself is tests/functions/http/audit.test.ts's. Only the newest
 * answer is shown: a filter's answer that comes after a later filter's is dropped.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import AuditLog from '#src/islands/admin/settings/AuditLog.tsx';
import type { AuditEntry } from '#src/shared/schemas/staff.ts';
import { heldAnswer, json, serveApi } from '#tests/components/kit/fetch.ts';

/** 26 removals of staff accounts, a minute apart, newest first. */
const ENTRIES: AuditEntry[] = Array.from({ length: 26 }, (_, n) => ({
  id: `entry-${n}`,
  at: new Date(Date.UTC(2026, 10, 20, 3, 59 - n)).toISOString(),
  by: 'alex',
  byId: 'alex-id',
  action: 'staff.remove',
  target: `member-${n}`,
}));

test('shows 25 entries, then the next page on "Load more", newest first, until there is no more', async () => {
  const calls = serveApi(({ path }) => {
    if (path === '/api/staff') return json([{ id: 'alex-id', username: 'alex', role: 'principal' }]);
    const query = new URL(path, 'http://localhost').searchParams;
    if (query.get('before') === 'cursor-25') return json({ entries: ENTRIES.slice(25), next: null });
    return json({ entries: ENTRIES.slice(0, 25), next: 'cursor-25' });
  });
  const user = userEvent.setup({ delay: null });
  render(<AuditLog headingId="audit" />);

  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(25));
  expect(screen.getAllByTestId('audit-what')[0]!.textContent).toContain('Removed a staff account');
  expect(calls.filter(({ path }) => path.startsWith('/api/audit')).map(({ path }) => path)).toEqual([
    '/api/audit?limit=25',
  ]);

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(26));
  expect(calls.filter(({ path }) => path.startsWith('/api/audit')).map(({ path }) => path)).toEqual([
    '/api/audit?limit=25',
    '/api/audit?limit=25&before=cursor-25',
  ]);
  const times = screen
    .getAllByTestId('audit-entry')
    .map((entry) => entry.querySelector('time')!.getAttribute('dateTime')!);
  expect(times).toEqual(ENTRIES.map((entry) => entry.at));
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
});

test('a filter’s answer that comes after a later filter’s is dropped, not shown under it', async () => {
  // The wide filter (a family of actions) is held back until the narrow one (a day long ago) has answered.
  const wide = heldAnswer(() => json({ entries: ENTRIES.slice(0, 3), next: null }));
  serveApi(({ path }) => {
    if (path === '/api/staff') return json([{ id: 'alex-id', username: 'alex', role: 'principal' }]);
    const query = new URL(path, 'http://localhost').searchParams;
    if (query.get('from') === '2020-01-01') return json({ entries: [], next: null });
    if (query.get('action') === 'staff') return wide.response();
    return json({ entries: ENTRIES.slice(0, 25), next: 'cursor-25' });
  });
  const user = userEvent.setup({ delay: null });
  render(<AuditLog headingId="audit" />);
  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(25));

  await user.selectOptions(screen.getByLabelText('Action'), 'staff');
  await user.click(screen.getByRole('button', { name: 'Show entries' }));
  await user.type(screen.getByLabelText('From'), '2020-01-01');
  await user.type(screen.getByLabelText('To'), '2020-01-01');
  await user.click(screen.getByRole('button', { name: 'Show entries' }));
  await screen.findByText('Nothing matches these filters.');

  wide.open();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText('Nothing matches these filters.')).toBeTruthy();
  expect(screen.queryAllByTestId('audit-entry')).toHaveLength(0);
});

/** An enquiry updated and a member of staff added, by alex, as the server lists them. */
const ENQUIRY_ID = 'k3v9q2m7x1p8z4';
const TWO_KINDS: AuditEntry[] = [
  { id: 'e-add', at: '2026-11-26T22:41:00.000Z', by: 'alex', byId: 'alex-id', action: 'staff.add', target: 'sam-id' },
  {
    id: 'e-update',
    at: '2026-11-26T22:40:00.000Z',
    by: 'alex',
    byId: 'alex-id',
    action: 'enquiry.update',
    target: ENQUIRY_ID,
  },
];
const ACCOUNTS = [
  { id: 'alex-id', username: 'alex', role: 'principal' },
  { id: 'sam-id', username: 'sam', role: 'staff' },
];

test('reads each entry as a sentence: when, who and what, with a link to the enquiry it names, and no codes or ids', async () => {
  serveApi(({ path }) => (path === '/api/staff' ? json(ACCOUNTS) : json({ entries: TWO_KINDS, next: null })));
  render(<AuditLog headingId="audit" />);

  // The account's name once the accounts have been read (the id alone before).
  await waitFor(() => expect(screen.getAllByTestId('audit-what')[0]!.textContent).toBe('Added sam as staff'));
  const [addition, update] = screen.getAllByTestId('audit-entry');
  expect(within(addition!).getByTestId('audit-by').textContent).toBe('alex');
  // When, as the portal writes every time, in Sydney: "27 Nov 2026, 9:41 am".
  expect(addition!.querySelector('time')!.textContent).toMatch(/^27 Nov 2026, 9:41\sam$/);
  expect(within(update!).getByTestId('audit-what').textContent).toMatch(/^Updated an enquiry/);
  expect(within(update!).getByRole('link', { name: 'Open the enquiry' }).getAttribute('href')).toBe(
    `/admin/?enquiry=${ENQUIRY_ID}`,
  );
  const list = screen.getByTestId('audit-list').textContent!;
  for (const code of ['staff.add', 'enquiry.update', ENQUIRY_ID, 'sam-id', 'alex-id']) expect(list).not.toContain(code);
});

test('the filters ask for the person, the action or its family, and the days; Clear filters asks for all again', async () => {
  const calls = serveApi(({ path }) => {
    if (path === '/api/staff') return json(ACCOUNTS);
    const query = new URL(path, 'http://localhost').searchParams;
    if (query.get('from') === '2020-01-01') return json({ entries: [], next: null });
    if (query.get('action') === 'staff.add') return json({ entries: TWO_KINDS.slice(0, 1), next: null });
    return json({ entries: TWO_KINDS, next: null });
  });
  const audits = () => calls.filter(({ path }) => path.startsWith('/api/audit')).map(({ path }) => path);
  const user = userEvent.setup({ delay: null });
  render(<AuditLog headingId="audit" />);
  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
  const filters = screen.getByRole('form', { name: 'Filter the audit log' });
  expect(within(filters).queryByRole('button', { name: 'Clear filters' })).toBeNull();

  // Every account is a person to filter by, and the scheduled jobs too.
  await waitFor(() => expect(within(filters).getByRole('option', { name: 'sam' })).toBeTruthy());
  await user.selectOptions(within(filters).getByLabelText('Person'), 'alex');
  await user.selectOptions(within(filters).getByLabelText('Action'), 'Added a staff account');
  await user.type(within(filters).getByLabelText('From'), '2026-11-27');
  await user.type(within(filters).getByLabelText('To'), '2026-11-27');
  await user.click(within(filters).getByRole('button', { name: 'Show entries' }));
  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
  expect(audits().at(-1)).toBe('/api/audit?limit=25&by=alex&action=staff.add&from=2026-11-27&to=2026-11-27');

  // A family of actions: every change to staff accounts.
  await user.selectOptions(within(filters).getByLabelText('Action'), 'All: staff accounts');
  await user.click(within(filters).getByRole('button', { name: 'Show entries' }));
  await waitFor(() =>
    expect(audits().at(-1)).toBe('/api/audit?limit=25&by=alex&action=staff&from=2026-11-27&to=2026-11-27'),
  );

  // A day before any of it: nothing, said in words.
  await user.clear(within(filters).getByLabelText('From'));
  await user.type(within(filters).getByLabelText('From'), '2020-01-01');
  await user.click(within(filters).getByRole('button', { name: 'Show entries' }));
  await screen.findByText('Nothing matches these filters.');

  await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
  expect(audits().at(-1)).toBe('/api/audit?limit=25');
  expect((within(filters).getByLabelText('Person') as HTMLSelectElement).value).toBe('');
  expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('');
});
