/**
 * A client a matter may be opened for, through the real routes only: an enquiry, its
 * engagement sent and accepted (the link read from the e-mail the local SMTP server kept),
 * one individual's due diligence submitted through the link's API, and staff verifying it
 * (low risk) through theirs. `page` must be signed in as staff; `client` is another context's
 * request (no staff cookie), as the client's browser is.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForMail } from './mailbox.ts';

const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) =>
  expect(response.status(), await response.text()).toBe(status);

export async function verifiedEnquiry(
  page: Page,
  client: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; propertyAddress: string },
  /** The day of the sanctions check the verification records (`YYYY-MM-DD`). */
  screenedOn = '2026-11-20',
): Promise<string> {
  const { firstName, lastName, email, propertyAddress } = person;
  await ok(
    await page.request.post('/api/contact', {
      data: {
        firstName,
        lastName,
        email,
        phone: '(02) 5550 0177',
        serviceType: 'residential-purchase',
        propertyAddress,
        quote: { price: 910_000, role: 'buying', propertyType: 'established' },
      },
    }),
    201,
  );
  const found = (await (await page.request.get(`/api/contact-requests?q=${encodeURIComponent(email)}`)).json()) as {
    id: string;
  }[];
  const id = found[0]!.id;
  await ok(await page.request.post(`/api/contact-requests/${id}/engagement`, { data: {} }), 201);
  const mail = await waitForMail(email, (message) => message.subject.startsWith('Your costs agreement'));
  const token = /\/engage\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  await ok(
    await client.post(`/api/engage/${token}/accept`, {
      data: { fullName: `${firstName} ${lastName}`, understood: true, accept: true, instruct: true, electronic: true },
    }),
  );
  await ok(
    await client.put(`/api/engage/${token}/cdd`, {
      data: {
        parties: [
          {
            type: 'individual',
            fullName: `${firstName} ${lastName}`,
            dateOfBirth: '1981-03-14',
            address: propertyAddress,
            phone: '0412 345 678',
            email,
          },
        ],
        declarations: {
          actingForAnother: { value: false },
          pep: { value: false },
          foreignPerson: { value: false },
          purpose: 'home',
          sourceOfFunds: [{ kind: 'savings' }],
        },
      },
    }),
  );
  await ok(await client.post(`/api/engage/${token}/cdd/submit`));
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
        risk: { rating: 'low', reason: 'Known client, funds from savings held for years' },
      },
    }),
  );
  return id;
}
