/**
 * The identity page without JavaScript (each button, the refused submit) and the W3C validator
 * over its states (engage-cdd-kit.ts).
 */
import { describe, expect, it } from 'vitest';
import engage from '#functions/engage.ts';
import { cddNotYetPage, cddPage } from '#server/pages/identity-page.tsx';
import { identityUnavailablePage, somethingWentWrongPage } from '#server/pages/link-error-page.tsx';
import { AGENT_AUTHORITY_DETAILS } from '#src/shared/schemas/cdd-submission.ts';
import { cddDraftSchema } from '#src/shared/schemas/cdd-draft.ts';
import type { CddStatus } from '#src/shared/schemas/cdd.ts';
import { ORIGIN } from '../harness.ts';
import { attr, pageText, parsePage, textOf, type Element } from '../html.ts';
import { invokeRouted } from '../routing.ts';
import { validateHtml } from '../vnu.ts';
import {
  ACTING,
  AGENT,
  AGENT_NAME,
  AGENT_PREFIX,
  COMPANY,
  DECLARATIONS,
  INDIVIDUAL,
  NAME,
  acceptedEngagement,
  activityOf,
  api,
  getPage,
  ip,
  postForm,
  setStatus,
  useEngageCdd,
} from './engage-cdd-kit.ts';

useEngageCdd();

describe('the identity page without JavaScript', () => {
  it('each button saves what was typed, does its step and lands where it changed', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const first = await getPage(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(first.html).toContain('name="parties.0.fullName"');
    expect(first.html).toContain('type="date"');
    expect(attr(parsePage(first.html).byId('parties.0.dateOfBirth'), 'autocomplete')).toBe('bday');
    expect(first.html).not.toContain('<script');
    // The first customer starts with what the practice knows: the accepted name, the e-mail, the enquiry's phone.
    const start = parsePage(first.html);
    expect(['fullName', 'email', 'phone'].map((key) => attr(start.byId(`parties.0.${key}`), 'value'))).toEqual([
      'Ada Client',
      'ada@example.com',
      '0400 111 222',
    ]);
    // Why we ask, once, folded away; then what to have ready and how long it takes.
    const text = pageText(first.html);
    expect(text.split('Why we ask').length - 1).toBe(1);
    expect(text).toContain('requires us to identify and verify each customer');
    expect(text).toContain('a current passport or Australian driver licence');
    expect(text).toContain('for a loan the lender’s name');
    expect(text).toContain('It takes about 10 minutes for each person');
    expect(text).toContain('within 2 business days');
    // The only customer cannot be removed.
    expect(first.html).not.toContain('remove-party');
    // Each "If yes…" box sits in its question, marked to show only once its choice is ticked (CSS :has()).
    // The box's field wrapper, then the box around it.
    const revealOf = (id: string) => attr((start.byId(id).parentNode as Element).parentNode as Element, 'class');
    expect(revealOf('declarations.pep.details')).toBe('reveal reveal-yes');
    expect(revealOf('declarations.purposeDetails')).toBe('reveal reveal-other');
    expect(revealOf('declarations.sourceOfFunds.lender')).toBe('reveal reveal-loan');
    expect(attr(start.byId('declarations.sourceOfFunds.kind-savings'), 'type')).toBe('checkbox');

    const typed: [string, string][] = [
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', NAME],
    ];
    const added = await postForm(token, [...typed, ['action', 'add-party:company']]);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`/engage/${token}/identity#party-1`);
    expect(added.headers.get('referrer-policy')).toBe('no-referrer');
    const withCompany = (await getPage(token)).html;
    expect(withCompany).toContain(`value="${NAME}"`);
    // Two customers: each can be removed, and Enter in a field still saves (the first button).
    expect(withCompany).toContain('value="remove-party:0"');
    expect(withCompany.indexOf('value="save"')).toBeLessThan(withCompany.indexOf('value="remove-party:0"'));
    expect(withCompany).toContain('id="party-1"');
    expect(withCompany).toContain('name="parties.1.directors"');

    const company: [string, string][] = [...typed, ['parties.1.type', 'company'], ['parties.1.name', 'Acme Pty Ltd']];
    const owner = await postForm(token, [...company, ['action', 'add-owner:1']]);
    expect(owner.headers.get('location')).toBe(`/engage/${token}/identity#party-1-owner-0`);
    expect((await getPage(token)).html).toContain('name="parties.1.owners.0.dateOfBirth"');

    const removedOwner = await postForm(token, [
      ...company,
      ['parties.1.owners.0.fullName', 'X'],
      ['action', 'remove-owner:1.0'],
    ]);
    expect(removedOwner.headers.get('location')).toBe(`/engage/${token}/identity#party-1-owners`);
    expect((await api('GET', token)).json.parties[1].owners).toEqual([]);

    const removedParty = await postForm(token, [...company, ['action', 'remove-party:0']]);
    expect(removedParty.headers.get('location')).toBe(`/engage/${token}/identity#parties`);
    expect((await api('GET', token)).json.parties).toEqual([{ type: 'company', name: 'Acme Pty Ltd', owners: [] }]);

    const saved = await postForm(token, [...typed, ['declarations.pep.value', 'no'], ['action', 'save']]);
    expect(saved.headers.get('location')).toBe(`/engage/${token}/identity?saved=1#saved`);
    const savedPage = (await getPage(token, '?saved=1')).html;
    expect(savedPage).toContain('Your draft is saved');
    expect(attr(parsePage(savedPage).byId('declarations.pep.value-no'), 'checked')).toBe('');
    // Enter in a field submits with the first button, which must be "Save draft".
    expect(savedPage.indexOf('value="save"')).toBeLessThan(savedPage.indexOf('value="add-party:individual"'));
    expect(savedPage).not.toContain('remove-party');
    expect((await activityOf(enquiryId)).map((entry) => entry.text)).toContain(
      'Identity details saved by the client (draft)',
    );
  });

  it('shows a refused submit again (400) with a summary, each message under its field, and the values kept', async () => {
    const { token } = await acceptedEngagement();
    const refused = await postForm(token, [
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', NAME],
      ['parties.0.dateOfBirth', ''],
      ['declarations.pep.value', 'yes'],
      ['action', 'submit'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('text/html');
    const { html } = refused;
    expect(html).toContain('<title>Error: Your identity details');
    expect(html).toContain('role="alert"');
    const page = parsePage(html);
    const summaryLinks = page
      .all('a')
      .filter((link) => attr(link, 'href')?.startsWith('#'))
      .map((link) => [attr(link, 'href'), textOf(link)]);
    expect(summaryLinks).toContainEqual(['#parties.0.dateOfBirth', 'Please enter the date of birth']);
    expect(summaryLinks).toContainEqual([
      '#declarations.pep.details',
      'Please say who, and what public position is held',
    ]);
    expect(summaryLinks.map(([href]) => href)).toContain('#declarations.purpose-home');
    const birth = page.byId('parties.0.dateOfBirth');
    expect([attr(birth, 'type'), attr(birth, 'name'), attr(birth, 'autocomplete')]).toEqual([
      'date',
      'parties.0.dateOfBirth',
      'bday',
    ]);
    expect(attr(birth, 'aria-invalid')).toBe('true');
    expect(attr(birth, 'aria-describedby')).toBe('parties.0.dateOfBirth-error');
    expect(textOf(page.byId('parties.0.dateOfBirth-error'))).toBe('Please enter the date of birth');
    expect(attr(page.byId('parties.0.fullName'), 'value')).toBe(NAME);
    expect(attr(page.byId('declarations.pep.value-yes'), 'checked')).toBe('');
    // The draft was kept.
    expect((await api('GET', token)).json).toMatchObject({ status: 'in-progress', parties: [{ fullName: NAME }] });
  });

  it('asks the person acting and their authority under the question: a yes left empty names each of their fields, a no posts them empty and keeps nothing', async () => {
    const { token } = await acceptedEngagement();
    const first = parsePage((await getPage(token)).html);
    expect(attr(first.byId(`${AGENT_PREFIX}.agent.fullName`), 'autocomplete')).toBe('off');
    expect(attr(first.byId(`${AGENT_PREFIX}.authority-power-of-attorney`), 'type')).toBe('radio');
    const answers = (acting: 'yes' | 'no', agent: Record<string, string>): [string, string][] => [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['declarations.actingForAnother.value', acting],
      [`${AGENT_PREFIX}.details`, ''],
      ...Object.keys(AGENT).map((key) => [`${AGENT_PREFIX}.agent.${key}`, agent[key] ?? ''] as [string, string]),
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['action', 'submit'],
    ];
    const refused = await postForm(token, answers('yes', {}));
    expect(refused.status).toBe(400);
    const page = parsePage(refused.html);
    const summary = page
      .all('a')
      .filter((link) => attr(link, 'href')?.startsWith('#declarations.actingForAnother'))
      .map((link) => [attr(link, 'href'), textOf(link)]);
    expect(summary).toEqual([
      [`#${AGENT_PREFIX}.details`, AGENT_AUTHORITY_DETAILS],
      [`#${AGENT_PREFIX}.authority-power-of-attorney`, 'Please choose the authority the person acts under'],
      [`#${AGENT_PREFIX}.agent.fullName`, 'Please enter the full name of the person acting for the customer'],
      [`#${AGENT_PREFIX}.agent.dateOfBirth`, 'Please enter the date of birth of the person acting'],
      [`#${AGENT_PREFIX}.agent.address`, 'Please enter the residential address of the person acting'],
      [`#${AGENT_PREFIX}.agent.phone`, 'Please enter a phone number for the person acting'],
      [`#${AGENT_PREFIX}.agent.email`, 'Please enter an e-mail address for the person acting'],
    ]);
    expect(textOf(page.byId(`${AGENT_PREFIX}.agent.fullName-error`))).toBe(
      'Please enter the full name of the person acting for the customer',
    );

    const done = await postForm(token, [
      ...answers('yes', AGENT).filter(([key]) => key !== `${AGENT_PREFIX}.details`),
      [`${AGENT_PREFIX}.details`, ACTING.details],
      [`${AGENT_PREFIX}.authority`, ACTING.authority],
    ]);
    expect(done.status).toBe(303);
    expect((await api('GET', token)).json.declarations.actingForAnother).toEqual(ACTING);
    // Read back after submitting; the form again when the client asks to change it.
    expect(pageText((await getPage(token)).html)).toContain(`Yes: ${AGENT_NAME} (power of attorney)`);
    const shown = (await getPage(token, '?change=1')).html;
    expect(attr(parsePage(shown).byId(`${AGENT_PREFIX}.authority-power-of-attorney`), 'checked')).toBe('');

    const { token: nobody } = await acceptedEngagement();
    expect((await postForm(nobody, answers('no', {}))).status).toBe(303);
    expect((await api('GET', nobody)).json.declarations.actingForAnother).toEqual({ value: false });
  });

  it('submits a complete form: 303 to the confirmation, then the answers read back with what happens next; the engagement page follows', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    const engagementNext = async () => {
      const response = await invokeRouted(engage, new Request(new URL(`/engage/${token}`, ORIGIN)), { ip: ip() });
      const page = parsePage(await response.text());
      return {
        headings: page.all('h3').map(textOf),
        identityLink: page.all('a').find((a) => attr(a, 'href') === `/engage/${token}/identity`),
      };
    };
    const before = await engagementNext();
    expect(before.headings).toContain('Next: your identity details');
    expect(before.identityLink && textOf(before.identityLink)).toBe('Continue to your identity details');

    const done = await postForm(token, [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['declarations.actingForAnother.value', 'no'],
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.lender', 'Example Mutual Bank'],
      ['action', 'submit'],
    ]);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/engage/${token}/identity#status`);
    expect((await api('GET', token)).json.declarations.sourceOfFunds).toEqual([
      { kind: 'savings' },
      { kind: 'loan', lender: 'Example Mutual Bank' },
    ]);
    const shown = await getPage(token);
    const text = pageText(shown.html);
    expect(text).toContain('You submitted your identity details on');
    expect(text).toContain('We will check them and contact you');
    expect(text).toContain('What happens next');
    // Read back, not a form: nothing below "Submitted" can be typed into.
    expect(shown.html).not.toContain('<form');
    expect(parsePage(shown.html).all('input')).toEqual([]);
    expect(text).toContain(NAME);
    // The date of birth to its year only: what staff hold is not read back in full.
    expect(text).toContain('Year of birth1971Residential address');
    expect(text).not.toContain('14 March 1971');
    expect(shown.html).not.toContain('1971-03-14');
    expect(text).toContain('Savings; A loan: Example Mutual Bank');
    const change = parsePage(shown.html)
      .all('a')
      .find((a) => textOf(a) === 'Change your details');
    expect(attr(change!, 'href')).toBe(`/engage/${token}/identity?change=1#parties`);
    const changing = parsePage((await getPage(token, '?change=1')).html);
    expect(attr(changing.byId('parties.0.fullName'), 'value')).toBe(NAME);
    expect(attr(changing.byId('declarations.sourceOfFunds.kind-loan'), 'checked')).toBe('');

    const after = await engagementNext();
    expect(after.headings).toContain('Next: we check your identity details');
    expect(after.headings).not.toContain('Next: your identity details');
    expect(after.identityLink && textOf(after.identityLink)).toBe('See the details you gave');

    // Verified: the status alone, no empty list of customers; the engagement page says so.
    await setStatus(enquiryId, 'verified');
    const verified = await getPage(token);
    expect(pageText(verified.html)).toContain('We have verified your identity details');
    expect(parsePage(verified.html).all('h2').map(textOf)).not.toContain('Your customers');
    expect(parsePage(verified.html).all('h2').map(textOf)).not.toContain('What you gave us');
    const done2 = await engagementNext();
    expect(done2.headings).toContain('Your identity is verified');
    expect(done2.headings.some((heading) => heading.startsWith('Next:'))).toBe(false);
  });
});

/** The W3C validator over each state of the page (tests/functions/vnu.ts). */
describe('the W3C validator', () => {
  it('finds no error or warning in any state of the identity page', async () => {
    const practice = { name: 'Hills Conveyancing', phone: '(02) 5550 0123' };
    const token = 'T'.repeat(43);
    const values = cddDraftSchema.parse({
      parties: [INDIVIDUAL, COMPANY, { type: 'trust', owners: [{}] }],
      declarations: { ...DECLARATIONS, actingForAnother: ACTING },
    });
    const view = (status: CddStatus) => ({ view: { status, ...values }, submittedAt: '2026-11-23T07:30:00.000Z' });
    const messages = await validateHtml({
      empty: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'not-started', parties: [], declarations: {} } },
      }),
      saved: cddPage({ token, practice, buying: true, cdd: view('in-progress'), saved: true }),
      errors: cddPage({
        token,
        practice,
        buying: true,
        cdd: view('in-progress'),
        form: {
          values,
          error: 'Please check the highlighted fields',
          fieldErrors: {
            'parties.0.dateOfBirth': ['Please enter the date of birth', 'A second message'],
            'parties.1.directors.0': ['Please enter the director’s name'],
            'parties.1.owners': ['Please add the owners'],
            'parties.2': ['Please check this party'],
            'declarations.pep': ['Please say'],
            'declarations.sourceOfFunds.1.lender': ['Source of funds: please name the lender of the loan'],
            [`${AGENT_PREFIX}.authority`]: ['Please choose the authority the person acts under'],
            [`${AGENT_PREFIX}.agent`]: ['Please give the details of the person acting for the customer'],
            [`${AGENT_PREFIX}.agent.email`]: ['Please enter an e-mail address for the person acting'],
            parties: ['Please add at least one customer'],
          },
        },
      }),
      submitted: cddPage({ token, practice, buying: false, cdd: view('submitted') }),
      changing: cddPage({ token, practice, buying: true, cdd: view('submitted'), change: true }),
      prefilled: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'not-started', parties: [], declarations: {} } },
        known: { fullName: 'Ada Client', email: 'ada@example.com', phone: '0400 111 222' },
      }),
      rejected: cddPage({ token, practice, buying: true, cdd: view('rejected') }),
      awaiting: cddPage({ token, practice, buying: true, cdd: view('awaiting-approval') }),
      verified: cddPage({ token, practice, buying: true, cdd: view('verified') }),
      closed: cddPage({
        token,
        practice,
        buying: true,
        cdd: { view: { status: 'in-progress', parties: [], declarations: {} }, closed: true },
      }),
      notYet: cddNotYetPage(token, practice, 'Please accept your costs agreement first.'),
      unavailable: identityUnavailablePage(),
      failed: somethingWentWrongPage(),
    });
    expect(messages).toEqual([]);
  }, 120_000);
});
