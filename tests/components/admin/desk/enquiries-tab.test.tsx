/**
 * The lead desk (src/islands/admin/desk/EnquiriesTab.tsx) with its answers at `fetch`: marking
 * an enquiry lost asks why and sends the reason with the version it read; the status chips,
 * the search and Refresh each ask the list again with what they name, the export link follows
 * the search, and nothing is fetched until staff refresh. What the server stores, filters
 * and exports is tests/functions/desk/lead-desk.test.ts's and lead-records.test.ts's; the
 * pipeline through the real server is admin-desk.spec.ts's. Also each card's details (links
 * to write and call, the service, Sydney time) and deleting one only once it is confirmed.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test } from 'vitest';
import EnquiriesTab from '#src/islands/admin/desk/EnquiriesTab.tsx';
import type { DeskEnquiry, DeskEnquiryDetail, EnquiryStatus } from '#src/shared/schemas/lead-desk.ts';
import { $session } from '#src/stores/session.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectAnyToastSaying, expectToast } from '#tests/components/kit/toast.ts';

const enquiry = (id: string, firstName: string, status: EnquiryStatus = 'new'): DeskEnquiry => ({
  id,
  firstName,
  lastName: 'Desk',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '(02) 5550 0199',
  serviceType: 'residential-purchase',
  createdAt: '2026-11-30T23:00:00.000Z',
  status,
  assignee: null,
  firstContactAt: null,
  updatedAt: '2026-11-30T23:00:00.000Z',
  version: 3,
  lastActivityAt: '2026-11-30T23:00:00.000Z',
  cdd: null,
  kept: null,
});
const detailOf = (item: DeskEnquiry): DeskEnquiryDetail => ({
  ...item,
  activity: [{ at: item.createdAt, by: 'website', type: 'created' }],
  engagement: null,
  engagementHistory: [],
});

let stored: DeskEnquiry[];
const deleteStored = (id: string) => {
  stored = stored.filter((each) => each.id !== id);
  return new Response(null, { status: 204 });
};

beforeEach(() => {
  stored = [enquiry('dana-id', 'Dana')];
  $session.set({ status: 'signed-in', user: { id: 'alex-id', username: 'alex', role: 'staff' } });
});
afterEach(() => {
  $session.set({ status: 'loading' });
  localStorage.clear();
});

/** The desk, answered from `stored` (the list as the server would filter it is not re-made here: each test says what it answers). */
function open(list: (query: URLSearchParams) => DeskEnquiry[], remove: (id: string) => Response = deleteStored) {
  const calls = serveApi((call: ApiCall) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/contact-requests' && call.method === 'GET') return json(list(url.searchParams));
    const one = /^\/api\/contact-requests\/([^/]+)$/.exec(url.pathname);
    if (one && call.method === 'GET') return json(detailOf(stored.find((each) => each.id === one[1])!));
    if (one && call.method === 'PATCH') {
      const body = call.body as { status: EnquiryStatus; lostReason?: string };
      stored = stored.map((each) =>
        each.id === one[1]
          ? { ...each, status: body.status, lostReason: body.lostReason, version: each.version + 1 }
          : each,
      );
      return json(stored.find((each) => each.id === one[1]));
    }
    if (one && call.method === 'DELETE') return remove(one[1]!);
    if (url.pathname === '/api/lead-metrics') {
      // The counts of what the list answers for the same search, as the server counts them.
      const q = url.searchParams.get('q');
      const counted = list(new URLSearchParams(q ? { q } : {}));
      const byStatus: Partial<Record<EnquiryStatus, number>> = {};
      for (const each of counted) byStatus[each.status] = (byStatus[each.status] ?? 0) + 1;
      return json({ total: counted.length, byStatus });
    }
    if (url.pathname === '/api/staff') return json([]);
    // Settings, alert channels, the approval queue: not this test's; the desk does without them.
    return serverError();
  });
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <EnquiriesTab />
      <Toaster placement="bottom" />
    </>,
  );
  const card = (name: string) => screen.getByRole('article', { name: `Contact request from ${name} Desk` });
  const lists = () =>
    calls
      .filter(({ method, path }) => method === 'GET' && /^\/api\/contact-requests\?/.test(path))
      .map(({ path }) => Object.fromEntries(new URL(path, 'http://localhost').searchParams));
  return { calls, user, card, lists };
}

test('marks an enquiry lost only with a reason, sent with the version it read', async () => {
  const { calls, user, card } = open(() => stored);
  await user.click(await screen.findByRole('button', { name: 'Open enquiry: Dana Desk' }));
  const desk = within(await within(card('Dana')).findByRole('region', { name: 'Desk for Dana Desk' }));
  await user.selectOptions(await desk.findByLabelText('Status'), 'lost');
  // Choosing Lost sends nothing: it asks why first.
  expect(calls.filter(({ method }) => method === 'PATCH')).toEqual([]);
  const reason = desk.getByLabelText('Why was it lost?') as HTMLInputElement;
  expect(reason.required).toBe(true);
  await user.type(reason, 'Chose another firm');
  await user.click(desk.getByRole('button', { name: 'Mark as lost' }));

  await expectToast('Success', 'Enquiry updated', 'default');
  expect(calls.filter(({ method }) => method === 'PATCH')).toEqual([
    {
      method: 'PATCH',
      path: '/api/contact-requests/dana-id',
      body: { status: 'lost', lostReason: 'Chose another firm', version: 3 },
    },
  ]);
  await waitFor(() => expect(within(card('Dana')).getByTestId('enquiry-status').textContent).toBe('Lost'));
  expect(card('Dana').textContent).toContain('Chose another firm');
  expect(desk.queryByLabelText('Why was it lost?')).toBeNull();
});

test('the status chips, the search and Refresh ask for the list they name; the export follows the search', async () => {
  const eli = enquiry('eli-id', 'Eli', 'lost');
  let arrived = false;
  const { user, card, lists } = open((query) => {
    const all = arrived ? [eli, ...stored] : stored;
    const status = query.get('status');
    const q = query.get('q')?.toLowerCase();
    return all.filter(
      (each) => (!status || each.status === status) && (!q || each.firstName.toLowerCase().includes(q)),
    );
  });
  await screen.findByRole('article', { name: 'Contact request from Dana Desk' });
  expect(lists()).toEqual([{ limit: '50' }]);

  // Nothing polls: Eli arrives, and shows when staff press Refresh.
  arrived = true;
  expect(screen.queryByRole('article', { name: 'Contact request from Eli Desk' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  await screen.findByRole('article', { name: 'Contact request from Eli Desk' });
  expect(lists()).toHaveLength(2);

  const chip = (name: RegExp) => screen.getByRole('button', { name });
  await user.click(chip(/^Lost/));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Contact request from Dana Desk' })).toBeNull());
  expect(card('Eli')).toBeTruthy();
  expect(chip(/^Lost/).getAttribute('aria-pressed')).toBe('true');
  await user.click(chip(/^New/));
  await screen.findByRole('article', { name: 'Contact request from Dana Desk' });
  await user.click(chip(/^All/));
  await screen.findByRole('article', { name: 'Contact request from Eli Desk' });
  expect(lists().slice(2)).toEqual([{ limit: '50', status: 'lost' }, { limit: '50', status: 'new' }, { limit: '50' }]);

  // The search applies on Search, not per key, and the export link carries it.
  await user.type(screen.getByLabelText('Search name, e-mail or phone'), 'DANA');
  expect(lists()).toHaveLength(5);
  await user.click(screen.getByRole('button', { name: /^Search$/ }));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Contact request from Eli Desk' })).toBeNull());
  expect(card('Dana')).toBeTruthy();
  expect(lists()[5]).toEqual({ limit: '50', q: 'DANA' });
  expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
    '/api/contact-requests/export.csv?q=DANA',
  );
});

test("a card shows the enquiry's details, with links to write and call, in Sydney time", async () => {
  stored = [
    {
      ...enquiry('casey-id', 'Casey'),
      propertyAddress: '1 Test Street, Castle Hill NSW 2154',
      message: 'Please call me about my purchase.',
      createdAt: '2026-11-21T05:30:00.000Z',
    },
  ];
  const { card } = open(() => stored);
  const shown = within(await screen.findByRole('article', { name: 'Contact request from Casey Desk' }));
  expect(shown.getByRole('heading', { name: 'Casey Desk' })).toBeTruthy();
  expect(shown.getByRole('link', { name: 'casey@example.com' }).getAttribute('href')).toBe('mailto:casey@example.com');
  expect(shown.getByRole('link', { name: '(02) 5550 0199' }).getAttribute('href')).toBe('tel:0255500199');
  const text = card('Casey').textContent;
  for (const part of [
    'Residential Purchase',
    '1 Test Street, Castle Hill NSW 2154',
    'Please call me about my purchase.',
  ])
    expect(text).toContain(part);
  // 05:30 UTC on 21 November is 4:30 pm in Sydney (daylight time), in en-AU order.
  expect(card('Casey').querySelector('time')!.textContent).toMatch(/^21 Nov 2026, 4:30 pm$/);
});

test('deletes an enquiry only once the dialog is confirmed; a failed delete says so and keeps it', async () => {
  let fail = true;
  const { calls, user } = open(
    () => stored,
    (id) => (fail ? serverError() : deleteStored(id)),
  );
  const deleteButton = await screen.findByRole('button', { name: 'Delete contact request: Dana Desk' });
  const deletes = () => calls.filter(({ method }) => method === 'DELETE');

  await user.click(deleteButton);
  const dialog = within(screen.getByRole('dialog', { name: 'Delete this contact request?' }));
  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(deletes()).toEqual([]);

  await user.click(deleteButton);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete request' }));
  await expectToast('Error', 'Failed to delete contact request', 'destructive');
  expect(screen.getByRole('article', { name: 'Contact request from Dana Desk' })).toBeTruthy();

  fail = false;
  await user.click(screen.getByRole('button', { name: 'Delete contact request: Dana Desk' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete request' }));
  await expectAnyToastSaying('Contact request deleted successfully');
  expect(deletes().map(({ path }) => path)).toEqual(['/api/contact-requests/dana-id', '/api/contact-requests/dana-id']);
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Contact request from Dana Desk' })).toBeNull());
});

test('the chips count what the search finds, and only one looks selected', async () => {
  // Three of one surname, as the search for it finds them, and one more.
  const table = (item: DeskEnquiry) => ({ ...item, lastName: 'Table' });
  stored = [enquiry('dana-id', 'Dana'), table(enquiry('abe-id', 'Abe')), table(enquiry('bea-id', 'Bea'))];
  stored.push(table(enquiry('cleo-id', 'Cleo', 'quoted')));
  const { calls, user } = open((query) => {
    const q = query.get('q');
    return stored.filter((each) => !q || each.lastName === q);
  });
  const chips = within(await screen.findByRole('group', { name: 'Filter by status' }));
  await waitFor(() => expect(chips.getByRole('button', { name: /^All\s*\(4\)$/ })).toBeTruthy());
  await user.type(screen.getByLabelText('Search name, e-mail or phone'), 'Table');
  await user.click(screen.getByRole('button', { name: /^Search$/ }));
  await waitFor(() => expect(chips.getByRole('button', { name: /^All\s*\(3\)$/ })).toBeTruthy());
  expect(calls.map(({ path }) => path)).toContain('/api/lead-metrics?only=counts&q=Table');
  expect(chips.getByRole('button', { name: /^New\s*\(2\)$/ })).toBeTruthy();
  expect(chips.getByRole('button', { name: /^Quoted\s*\(1\)$/ })).toBeTruthy();
  const pressed = () =>
    chips
      .getAllByRole('button')
      .filter((chip) => chip.getAttribute('aria-pressed') === 'true')
      .map((chip) => chip.textContent);
  expect(pressed()).toEqual(['All(3)']);
  await user.click(chips.getByRole('button', { name: 'Due diligence pending' }));
  expect(pressed()).toEqual(['Due diligence pending']);
  await user.click(chips.getByRole('button', { name: /^New/ }));
  expect(pressed()).toEqual(['New(2)']);
});
