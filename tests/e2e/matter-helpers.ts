/**
 * A client's way from enquiry to verified due diligence, through the real routes only, in
 * steps a journey can stop after: the enquiry, its engagement sent (the link read from the
 * e-mail the local SMTP server kept) and accepted, identity details submitted through the
 * link's API, and staff verifying them (low risk, or high) through theirs. `page` must be signed in as
 * staff; `client` is another context's request (no staff cookie), as the client's browser is.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ok } from './admin-helpers.ts';
import { waitForMail } from './mailbox.ts';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  propertyAddress: string;
}

/** An enquiry as the quote page sends it (a purchase with its quote); answers its id. */
export async function quotedEnquiry(
  page: Page,
  { firstName, lastName, email, propertyAddress }: Person,
  { price = 910_000, message }: { price?: number; message?: string } = {},
): Promise<string> {
  await ok(
    await page.request.post('/api/contact', {
      data: {
        firstName,
        lastName,
        email,
        phone: '(02) 5550 0177',
        serviceType: 'residential-purchase',
        propertyAddress,
        ...(message ? { message } : {}),
        quote: { price, role: 'buying', propertyType: 'established' },
      },
    }),
    201,
  );
  const found = (await (await page.request.get(`/api/contact-requests?q=${encodeURIComponent(email)}`)).json()) as {
    id: string;
  }[];
  return found[0]!.id;
}

/** Sends the enquiry's engagement as the desk does; answers the link's token from the client's e-mail. */
export async function sendEngagement(page: Page, id: string, email: string): Promise<string> {
  await ok(await page.request.post(`/api/contact-requests/${id}/engagement`, { data: {} }), 201);
  const mail = await waitForMail(email, (message) => message.subject.startsWith('Your costs agreement'));
  const token = /\/engage\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return token!;
}

/** The client accepts the engagement behind `token` and instructs the practice. */
export async function acceptEngagement(client: APIRequestContext, token: string, fullName: string) {
  await ok(
    await client.post(`/api/engage/${token}/accept`, {
      data: { fullName, understood: true, accept: true, instruct: true, electronic: true },
    }),
  );
}

/** An enquiry whose engagement the client has accepted and instructed on; answers its id and the link's token. */
export async function acceptedEngagement(
  page: Page,
  client: APIRequestContext,
  person: Person,
  enquiry: { price?: number } = {},
): Promise<{ id: string; token: string }> {
  const id = await quotedEnquiry(page, person, enquiry);
  const token = await sendEngagement(page, id, person.email);
  await acceptEngagement(client, token, `${person.firstName} ${person.lastName}`);
  return { id, token };
}

/** An individual as the identity form takes one. */
export const individual = (fullName: string, dateOfBirth: string, { email, propertyAddress }: Person) => ({
  fullName,
  dateOfBirth,
  address: propertyAddress,
  phone: '0412 345 678',
  email,
});

/** The client's identity details (`parties`) through the link's API, then submitted. */
export async function submitDueDiligence(
  client: APIRequestContext,
  token: string,
  parties: unknown[],
  sourceOfFunds: Record<string, string>[] = [{ kind: 'savings' }],
) {
  await ok(
    await client.put(`/api/engage/${token}/cdd`, {
      data: {
        parties,
        declarations: {
          actingForAnother: { value: false },
          pep: { value: false },
          foreignPerson: { value: false },
          purpose: 'home',
          sourceOfFunds,
        },
      },
    }),
  );
  await ok(await client.post(`/api/engage/${token}/cdd/submit`));
}

/**
 * A client a matter may be opened for: one individual, verified at low risk (or rated high:
 * then it waits for a second principal's approval); answers the enquiry's id.
 */
export async function verifiedEnquiry(
  page: Page,
  client: APIRequestContext,
  person: Person,
  /** The day of the sanctions check the verification records (`YYYY-MM-DD`). */
  screenedOn = '2026-11-20',
  /** `high` leaves it awaiting a second principal's approval (enhanced due diligence recorded). */
  rating: 'low' | 'high' = 'low',
): Promise<string> {
  const { id, token } = await acceptedEngagement(page, client, person);
  await submitDueDiligence(client, token, [
    { type: 'individual', ...individual(`${person.firstName} ${person.lastName}`, '1981-03-14', person) },
  ]);
  const read = (await (await page.request.get(`/api/contact-requests/${id}/cdd`)).json()) as { version: number };
  await ok(
    await page.request.post(`/api/contact-requests/${id}/cdd/verify`, {
      data: {
        verification: [
          {
            party: '0',
            method: 'in-person',
            documents: [{ type: 'Passport', issuer: 'Australia', last4: '7788', expiry: '2031-05-31' }],
            sanctionsCheckedAt: screenedOn,
            sanctionsResult: 'no-match',
            pepResult: 'not-pep',
          },
        ],
        version: read.version,
        ...(rating === 'high'
          ? {
              risk: { rating: 'high', reason: 'Deposit from an overseas account opened this year' },
              enhanced: {
                sourceOfWealth: 'Salary and an inheritance in 2025',
                sourceOfFunds: 'Transfer from the overseas account',
                notes: 'Bank statements requested',
              },
            }
          : { risk: { rating: 'low', reason: 'Known client, funds from savings held for years' } }),
      },
    }),
  );
  return id;
}
