/**
 * The audit log's pages (src/islands/admin/settings/AuditLog.tsx): the first 25 entries, then
 * "Load more" asks for the next page with the cursor the server gave and adds it below, newest
 * first, until the server says there is no more. GET /api/audit and /api/staff are answered at
 * `fetch`; the server's paging itself is tests/functions/http/audit.test.ts's. Only the newest
 * answer is shown: a filter's answer that comes after a later filter's is dropped.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import AuditLog from '../../../../src/islands/admin/settings/AuditLog.tsx';
import type { AuditEntry } from '../../../../src/shared/schemas/staff.ts';
import { heldAnswer, json, serveApi } from '../../kit/fetch.ts';

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
