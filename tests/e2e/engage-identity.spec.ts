/**
 * The client's identity details on a 375 px phone with JavaScript off, from a freshly
 * accepted engagement: the link from the e-mail the site really sent (local SMTP), the
 * acceptance, then the form prefilled with what the practice knows, an individual and a
 * company with one 25% owner typed in through the plain form, the "If yes…" and lender
 * boxes shown only once their choice is ticked (CSS, no script), savings and a loan
 * together, a draft saved and reopened, a submit refused with the message under the field,
 * fixed, submitted and read back with what happens next, and the engagement page's next
 * step following. Axe needs scripts, so it looks at the same pages in a second,
 * script-enabled context.
 */
import { expect, type Page } from '@playwright/test';
import { unique } from './admin-helpers.ts';
import { expectNoAxeViolations, expectNoSidewaysScroll, STAFF, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

async function fillPerson(
  group: ReturnType<Page['getByRole']>,
  person: { name: string; birth?: string; address: string; phone: string; email: string },
) {
  await group.getByLabel('Full name').fill(person.name);
  if (person.birth) await group.getByLabel('Date of birth').fill(person.birth);
  await group.getByLabel('Residential address').fill(person.address);
  await group.getByLabel('Phone').fill(person.phone);
  await group.getByLabel('E-mail').fill(person.email);
}

test.describe('identity details', { tag: '@phone-only' }, () => {
  // Phone only: a phone journey, with JavaScript off.

  test('an individual and a company with one owner, without JavaScript: draft, return, error, fix, submit', async ({
    browser,
    request,
  }) => {
    // A whole journey on a phone, through the e-mailed links: about a minute under load (decision 050).
    test.slow();
    const firstName = `Ida${unique()}`;
    const email = `${firstName.toLowerCase()}@example.com`;
    const created = await request.post('/api/contact', {
      data: {
        firstName,
        lastName: 'Identity',
        email,
        phone: '(02) 5550 0177',
        serviceType: 'residential-purchase',
        propertyAddress: '5 Identity Way, Baulkham Hills NSW 2153',
        quote: { price: 980_000, role: 'buying', propertyType: 'established' },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    const login = await request.post('/api/login', { data: STAFF });
    expect(login.ok(), await login.text()).toBe(true);
    const sent = await request.post(`/api/contact-requests/${id}/engagement`, { data: {} });
    expect(sent.ok(), await sent.text()).toBe(true);

    // The client: the link from the e-mail, on a phone with scripts off.
    const mail = await waitForMail(email, (message) => message.subject.startsWith('Your costs agreement'));
    const link = /https?:\/\/\S+\/engage\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const client = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const phone = await client.newPage();
    await phone.goto(link!);
    await phone.getByLabel('Your full name').fill(`${firstName} Identity`);
    await phone.getByLabel('I have read and understood the costs disclosure').check();
    await phone.getByLabel('I accept the costs agreement').check();
    await phone.getByLabel('I instruct the practice to act for me in this matter').check();
    await phone.getByLabel('I agree to receive, read and accept these documents electronically').check();
    await phone.getByRole('button', { name: 'Accept and instruct' }).click();
    await phone.getByRole('link', { name: 'Continue to your identity details' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Your identity details' })).toBeVisible();
    const identityUrl = `${link}/identity`;
    expect(phone.url()).toBe(identityUrl);

    // Before the form: why we ask (once, folded), what to have ready. The first customer
    // starts with what the practice knows, and, being the only one, cannot be removed.
    await expect(phone.getByText('Why we ask for each detail')).toHaveCount(1);
    await expect(phone.getByRole('heading', { name: 'Before you start' })).toBeVisible();
    const individual = phone.getByRole('group', { name: 'Customer 1: an individual' });
    await expect(individual.getByLabel('Full name')).toHaveValue(`${firstName} Identity`);
    await expect(individual.getByLabel('E-mail')).toHaveValue(email);
    await expect(individual.getByLabel('Phone')).toHaveValue('(02) 5550 0177');
    await expect(phone.getByRole('button', { name: /Remove this party/ })).toHaveCount(0);

    // An individual, then a company with one owner (each button saves what was typed first).
    await fillPerson(individual, {
      name: `${firstName} Identity`,
      birth: '1978-05-21',
      address: '5 Identity Way, Baulkham Hills NSW 2153',
      phone: '0412 000 177',
      email,
    });
    await phone.getByRole('button', { name: 'Add a company' }).click();
    expect(new URL(phone.url()).hash).toBe('#party-1');
    await expect(individual.getByLabel('Full name')).toHaveValue(`${firstName} Identity`);
    const company = phone.getByRole('group', { name: 'Customer 2: a company' });
    await company.getByLabel('Company name').fill(`${firstName} Holdings Pty Ltd`);
    await company.getByLabel('ACN or ABN').fill('123 456 789');
    await company.getByLabel('Registered office address').fill('1 Registered Pl, Sydney NSW 2000');
    await company.getByLabel('Principal place of business').fill('2 Business St, Parramatta NSW 2150');
    await company.getByLabel('Directors’ full names').fill(`${firstName} Identity`);
    await company.getByRole('button', { name: 'Add an owner (25% or more)' }).click();
    const owner = phone.getByRole('group', { name: 'Owner 1' });
    // The owner's date of birth is left out: the submit must ask for it.
    await fillPerson(owner, {
      name: 'Olive Owner',
      address: '9 Owner Ave, Ryde NSW 2112',
      phone: '0400 999 888',
      email: 'olive@example.com',
    });
    // "If yes…" shows only once yes is ticked, and goes again with no.
    const pep = phone.getByRole('group', { name: /politically exposed person/ });
    const pepDetails = pep.getByLabel(/^If yes: who/);
    await expect(pepDetails).toBeHidden();
    await pep.getByLabel('Yes', { exact: true }).check();
    await expect(pepDetails).toBeVisible();
    for (const question of [/acting on a customer’s behalf/, /politically exposed person/, /foreign person/]) {
      await phone.getByRole('group', { name: question }).getByLabel('No', { exact: true }).check();
    }
    await expect(pepDetails).toBeHidden();
    await phone.getByLabel('A home to live in').check();
    // Savings and a loan together; the lender's box comes with the loan.
    const lender = phone.getByLabel('The lender’s name');
    await expect(lender).toBeHidden();
    await phone.getByLabel('Savings').check();
    await phone.getByLabel(/^A loan/).check();
    await lender.fill('Example Mutual Bank');
    await phone.getByRole('button', { name: 'Save draft' }).first().click();
    await expect(phone.getByRole('status')).toHaveText(/Your draft is saved/);

    // Coming back with the same link finds everything as it was.
    await phone.goto(identityUrl);
    await expect(company.getByLabel('Company name')).toHaveValue(`${firstName} Holdings Pty Ltd`);
    await expect(owner.getByLabel('Full name')).toHaveValue('Olive Owner');
    await expect(phone.getByLabel('Savings')).toBeChecked();
    await expect(lender).toHaveValue('Example Mutual Bank');
    await expect(individual.getByLabel('Date of birth')).toHaveValue('1978-05-21');

    // Submitting with the owner's date of birth missing: the summary, and the message under the field.
    await phone.getByRole('button', { name: 'Submit for checking' }).click();
    const alert = phone.getByRole('alert');
    await expect(alert).toContainText('Please enter the date of birth');
    const ownerBirth = owner.getByLabel('Date of birth');
    await expect(ownerBirth).toHaveAttribute('aria-invalid', 'true');
    await expect(ownerBirth).toHaveAccessibleDescription('Please enter the date of birth');
    await expect(owner.getByLabel('Full name')).toHaveValue('Olive Owner');
    await alert.getByRole('link', { name: 'Please enter the date of birth' }).click();
    expect(new URL(phone.url()).hash).toBe('#parties.1.owners.0.dateOfBirth');

    // The same states, looked at by axe (which needs scripts) and for sideways scrolling at 320 px.
    const checker = await browser.newContext({ ...PHONE });
    const look = await checker.newPage();
    await look.goto(identityUrl);
    await look.getByRole('button', { name: 'Submit for checking' }).click();
    await expect(look.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(look);
    await expectNoSidewaysScroll(look);
    await look.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(look);

    // Fixed and submitted.
    await ownerBirth.fill('1966-02-11');
    await phone.getByRole('button', { name: 'Submit for checking' }).click();
    await expect(phone.getByRole('heading', { name: 'Submitted' })).toBeVisible();
    await expect(phone.getByText('We will check them and contact you')).toBeVisible();
    expect(new URL(phone.url()).hash).toBe('#status');
    // Read back, nothing to type into, and what happens next.
    await expect(phone.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'What you gave us' })).toBeVisible();
    await expect(phone.getByText('Savings; A loan: Example Mutual Bank')).toBeVisible();
    await expect(phone.getByRole('textbox')).toHaveCount(0);
    await expect(phone.getByRole('link', { name: 'Change your details' })).toBeVisible();
    // The engagement page no longer asks for the details: it says what is next.
    await phone.goto(link!);
    await expect(phone.getByRole('heading', { name: 'Next: we check your identity details' })).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'Next: your identity details' })).toHaveCount(0);

    await look.goto(identityUrl);
    await expect(look.getByRole('heading', { name: 'Submitted' })).toBeVisible();
    await expectNoSidewaysScroll(look);
    await look.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(look);

    // What the API gives back is what was typed.
    const token = link!.split('/').pop()!;
    const saved = await request.get(`/api/engage/${token}/cdd`);
    expect(await saved.json()).toMatchObject({
      status: 'submitted',
      parties: [
        { type: 'individual', fullName: `${firstName} Identity`, dateOfBirth: '1978-05-21' },
        { type: 'company', owners: [{ fullName: 'Olive Owner', dateOfBirth: '1966-02-11' }] },
      ],
      declarations: { sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Example Mutual Bank' }] },
    });
    await client.close();
    await checker.close();
  });
});
