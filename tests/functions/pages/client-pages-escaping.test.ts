/**
 * Every state of every page a function renders for a client (the engagement, the identity
 * details, their error pages), with hostile text in every field a client or staff member can
 * type: a script, an attribute break-out, an entity and bidi controls. Read back as a browser
 * parses it, each page has no element or attribute the text could have made, and the text
 * arrives whole, as text or as the attribute's value: React escapes it all.
 */
import { describe, expect, it } from 'vitest';
import type { ClientCdd } from '#server/due-diligence/client-draft.ts';
import { engagePage } from '#server/pages/engagement-page.tsx';
import { cddNotYetPage, cddPage } from '#server/pages/identity-page.tsx';
import { engageEndedPage, identityUnavailablePage, somethingWentWrongPage } from '#server/pages/link-error-page.tsx';
import type { CddDraft } from '#src/shared/schemas/cdd-draft.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import { computeQuote } from '#src/shared/quote.ts';
import type { EngagementView } from '#src/shared/schemas/engagement.ts';
import { aQuote } from '../fixtures/quote.ts';
import { attributeValues, pageText, parsePage, textOf } from '../html.ts';

/** Each way in at once: an element, a quoted attribute's end, an entity, and right-to-left overrides. */
const HOSTILE = `<script>alert(1)</script> "><img src=x onerror=alert(1)> &amp; 'x' \u202Egnp.exe\u2066end\u2069`;
const hostile = (label: string) => `${label} ${HOSTILE}`;

const view = (overrides: Partial<EngagementView> = {}): EngagementView => ({
  status: 'viewed',
  practice: {
    name: hostile('practice'),
    phone: `(02) 5550 0123 ${HOSTILE}`,
    email: hostile('email'),
    address: hostile('address'),
  },
  solicitor: { name: hostile('solicitor'), role: hostile('role') },
  matter: {
    role: hostile('matter role'),
    propertyType: hostile('property type'),
    propertyAddress: hostile('property'),
    description: hostile('description'),
  },
  // Numbers only (the summary prints them): nothing typed reaches the figures.
  figures: computeQuote(aQuote(), { today: '2026-11-23' }),
  disclosure: [
    { heading: hostile('heading'), paragraphs: [hostile('paragraph')] },
    { heading: 'Your rights', paragraphs: [hostile('right')] },
  ],
  terms: { version: hostile('version'), effective: '2026-11-23', text: `${hostile('clause')}\n${hostile('line')}` },
  privacy: hostile('privacy'),
  expiresAt: '2026-12-07T07:30:00.000Z',
  acceptedAt: '2026-11-23T07:30:00.000Z',
  documentSha256: hostile('sha'),
  ...overrides,
});

const TOKEN = `tok"><script>`;

const person = (label: string) => ({
  fullName: hostile(`${label} name`),
  otherNames: hostile(`${label} other names`),
  // A date field shows only a whole date; anything else is left out, never echoed.
  dateOfBirth: hostile(`${label} birth`),
  address: hostile(`${label} address`),
  phone: hostile(`${label} phone`),
  email: hostile(`${label} email`),
});

const draft: CddDraft = {
  parties: [
    { type: 'individual', ...person('customer') },
    {
      type: 'company',
      name: hostile('company'),
      acnOrAbn: hostile('acn'),
      registeredAddress: hostile('registered'),
      principalPlace: hostile('principal'),
      directors: [hostile('director')],
      owners: [person('owner')],
    },
    {
      type: 'trust',
      name: hostile('trust'),
      trustType: hostile('trust type'),
      trustees: [hostile('trustee')],
      settlor: hostile('settlor'),
      appointor: hostile('appointor'),
      beneficiaries: [hostile('beneficiary')],
      owners: [],
    },
  ],
  declarations: {
    actingForAnother: { value: true, details: hostile('acting') },
    pep: { value: true, details: hostile('pep') },
    foreignPerson: { value: false, details: hostile('foreign') },
    purpose: 'other',
    purposeDetails: hostile('purpose'),
    sourceOfFunds: [
      { kind: 'loan', lender: hostile('lender') },
      { kind: 'other', details: hostile('funds') },
    ],
  },
} as CddDraft;

const practice = { name: hostile('practice'), phone: `(02) 5550 0123 ${HOSTILE}` };
const cdd = (status: CddStatus): ClientCdd => ({ view: { status, ...draft }, submittedAt: '2026-11-23T07:30:00.000Z' });
const identity = (status: CddStatus, extra: Partial<Parameters<typeof cddPage>[0]> = {}) =>
  cddPage({ token: TOKEN, practice, buying: true, cdd: cdd(status), ...extra });

const PAGES: Record<string, string> = {
  'engagement open': engagePage({ token: TOKEN, view: view() }),
  'engagement refused': engagePage({
    token: TOKEN,
    view: view(),
    form: {
      values: { fullName: hostile('full name'), understood: true, accept: false, instruct: false, electronic: false },
      error: hostile('form error'),
      fieldErrors: {
        fullName: [hostile('name message')],
        accept: [hostile('accept message')],
        [HOSTILE]: [hostile('other')],
      },
    },
  }),
  'engagement accepted': engagePage({ token: TOKEN, view: view({ status: 'accepted' }) }),
  'engagement expired': engagePage({ token: TOKEN, view: view({ status: 'expired' }) }),
  'engagement revoked': engagePage({ token: TOKEN, view: view({ status: 'revoked' }) }),
  'link unknown': engageEndedPage('unknown', practice),
  'link ended': engageEndedPage('ended', practice),
  'identity not yet': cddNotYetPage(TOKEN, practice, hostile('not yet')),
  'identity draft': identity('in-progress'),
  'identity saved': identity('in-progress', { saved: true }),
  'identity refused': identity('in-progress', {
    form: {
      values: draft,
      error: hostile('form error'),
      fieldErrors: {
        'parties.0.fullName': [hostile('field message')],
        'parties.1.directors.0': [hostile('director message')],
        'parties.1.owners': [hostile('owners message')],
        'parties.2': [hostile('party message')],
        'declarations.pep': [hostile('question message')],
        parties: [hostile('parties message')],
        [HOSTILE]: [hostile('unclaimed message')],
      },
    },
  }),
  'identity submitted': identity('submitted'),
  'identity changing': identity('submitted', { change: true }),
  'identity prefilled': cddPage({
    token: TOKEN,
    practice,
    buying: true,
    cdd: { view: { status: 'not-started', parties: [], declarations: {} } },
    known: { fullName: hostile('known name'), email: hostile('known email'), phone: hostile('known phone') },
  }),
  'identity rejected': identity('rejected'),
  'identity awaiting approval': identity('awaiting-approval'),
  'identity verified': identity('verified'),
  'identity unavailable': identityUnavailablePage(),
  'something went wrong': somethingWentWrongPage(),
};

describe('every page a function renders, with hostile text in every field', () => {
  it.each(Object.entries(PAGES))(
    '%s: no element or attribute comes from the text, and the text arrives whole',
    (name, html) => {
      const page = parsePage(html);
      expect(page.all('script')).toEqual([]);
      expect(page.all('img')).toEqual([]);
      const attributes = attributeValues(html);
      expect(attributes.filter((a) => a.name.startsWith('on')).map((a) => `${a.tag} ${a.name}`)).toEqual([]);
      expect(attributes.filter((a) => a.name === 'src' || a.name === 'x')).toEqual([]);
      // The text arrives whole (as text or as an attribute's value), characters and controls included;
      // only the pages with nothing typed on them (503, 500) show none of it.
      const shown =
        pageText(html).split(HOSTILE).length - 1 + attributes.filter((a) => a.value.includes(HOSTILE)).length;
      if (['identity unavailable', 'something went wrong'].includes(name)) expect(shown).toBe(0);
      else expect(shown).toBeGreaterThan(0);
    },
  );

  it('shows each typed value where it belongs, whole', () => {
    const open = pageText(PAGES['engagement open']!);
    for (const label of [
      'practice',
      'address',
      'solicitor',
      'property',
      'description',
      'heading',
      'paragraph',
      'right',
      'privacy',
    ]) {
      expect(open, label).toContain(hostile(label));
    }
    const refused = parsePage(PAGES['engagement refused']!);
    expect(refused.byId('fullName').attrs.find((a) => a.name === 'value')?.value).toBe(hostile('full name'));
    expect(pageText(PAGES['engagement refused']!)).toContain(hostile('accept message'));
    const mail = attributeValues(PAGES['engagement open']!).find(
      (a) => a.name === 'href' && a.value.startsWith('mailto:'),
    );
    expect(mail?.value).toBe(`mailto:${hostile('email')}`);
    // The token is a path segment, encoded whole.
    expect(PAGES['engagement open']).toContain(`action="/api/engage/${encodeURIComponent(TOKEN)}/accept"`);

    const draftPage = parsePage(PAGES['identity draft']!);
    const value = (id: string) => draftPage.byId(id).attrs.find((a) => a.name === 'value')?.value;
    const box = (id: string) => textOf(draftPage.byId(id));
    expect(value('parties.0.fullName')).toBe(hostile('customer name'));
    expect(value('parties.0.dateOfBirth')).toBe('');
    expect(box('parties.0.address')).toBe(hostile('customer address'));
    expect(value('parties.1.acnOrAbn')).toBe(hostile('acn'));
    expect(box('parties.1.directors')).toBe(hostile('director'));
    expect(value('parties.1.owners.0.email')).toBe(hostile('owner email'));
    expect(box('parties.2.beneficiaries')).toBe(hostile('beneficiary'));
    expect(box('declarations.pep.details')).toBe(hostile('pep'));
    expect(value('declarations.sourceOfFunds.lender')).toBe(hostile('lender'));
    expect(box('declarations.sourceOfFunds.details')).toBe(hostile('funds'));

    // Read back, not editable: after submitting, and while staff check.
    for (const name of ['identity submitted', 'identity awaiting approval']) {
      const text = pageText(PAGES[name]!);
      for (const label of [
        'customer name',
        'customer address',
        'owner name',
        'acn',
        'trustee',
        'pep',
        'lender',
        'funds',
      ]) {
        expect(text, `${name}: ${label}`).toContain(hostile(label));
      }
      expect(parsePage(PAGES[name]!).all('input'), name).toEqual([]);
    }

    const prefilled = parsePage(PAGES['identity prefilled']!);
    const known = (id: string) => prefilled.byId(id).attrs.find((a) => a.name === 'value')?.value;
    expect(known('parties.0.fullName')).toBe(hostile('known name'));
    expect(known('parties.0.email')).toBe(hostile('known email'));
    expect(known('parties.0.phone')).toBe(hostile('known phone'));
    expect(pageText(PAGES['identity refused']!)).toContain(hostile('unclaimed message'));
  });
});
