/**
 * /quote's 'Email me this quote' through POST /api/contact (`form: 'quote'`): an address, a
 * name perhaps, and the calculator's inputs. The quote is e-mailed (through the real SMTP
 * capture) with the server's figures and the contract date they were worked out for, the
 * request is filed as a quote lead, and everything an enquiry goes through applies: the
 * spec's message for a bad address, the acknowledgements' limits, the repeat merge, input
 * hygiene. Without JavaScript, the form post is answered with a page: the confirmation, or
 * the request again with only what failed marked.
 */
import { describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { quoteEmailFormPage, quoteEmailSentPage, quoteEstimatePage } from '#server/pages/quote-email-page.tsx';
import { listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { countOnce } from '#server/repositories/mail-outbox-store.ts';
import { saveSettings } from '#server/repositories/settings-store.ts';
import { REPEAT_NOTE } from '#server/enquiries/repeat-enquiries.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { computeQuote, formatIsoDay, quoteLines, type QuoteInput } from '#src/shared/quote.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { aQuote } from '../fixtures/quote.ts';
import { attr, pageText, parsePage, textOf } from '../html.ts';
import { readableText, useSmtp } from '../smtp.ts';
import { validateHtml } from '../vnu.ts';

useBlobs();
const smtp = useSmtp({ alertsTo: 'staff@example-conveyancing.com.au' });
const { mails } = smtp;

let people = 0;
const address = () => `quote.${++people}@example.com`;

/** Posts a JSON request the way Netlify runs the function, collecting its after-work. */
async function request(body: Record<string, unknown>) {
  const pending: Promise<unknown>[] = [];
  const response = await call(contact, 'POST', '/api/contact', {
    body: { form: 'quote', ...body },
    context: { waitUntil: (promise) => void pending.push(promise) },
  });
  await Promise.all(pending);
  return response;
}

/** Posts the /quote form as a browser without JavaScript sends it. */
async function formPost(fields: Record<string, string>) {
  const pending: Promise<unknown>[] = [];
  const response = await call(contact, 'POST', '/api/contact', {
    raw: new URLSearchParams({ form: 'quote', website: '', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    context: { waitUntil: (promise) => void pending.push(promise) },
  });
  await Promise.all(pending);
  return response;
}

const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to));

async function storedLead(email: string) {
  const { cookie } = await signedInStaff();
  const list = (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as Record<string, unknown>[];
  return list.filter((entry) => entry.email === email);
}

describe("'Email me this quote'", () => {
  it('e-mails the quote to the address alone, with the figures, the contract date and the practice, and files a quote lead', async () => {
    const email = address();
    const quote: QuoteInput = aQuote({ contractDate: undefined });
    const response = await request({ email, quote });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ email: 'sent' });

    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    const text = await readableText(mail!);
    expect(mail!.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Your_conveyancing_quote/m);
    expect(text).toMatch(/^Hello,$/m);
    const today = sydneyToday();
    expect(text).toContain(`worked out for a contract signed today, ${formatIsoDay(today)}.`);
    expect(text).toContain('Buying an established home at $800,000');
    expect(text).toContain('Professional fee: $1,850 including GST');
    expect(text).toContain('Estimated total:');
    // The practice's details close it (client-mail.ts).
    expect(text).toContain('Hills District Conveyancing');
    expect(text).toContain('Phone: (02) 5550 0123');

    const [lead] = await storedLead(email);
    expect(lead).toMatchObject({
      id: response.json.id,
      source: 'quote',
      firstName: '',
      phone: '',
      serviceType: 'residential-purchase',
      status: 'new',
      quote: { inputs: { price: 800_000 } },
    });
    // Worked out for today, but no contract is dated that does not exist (issue 34).
    expect((lead?.quote as { inputs: Record<string, unknown> }).inputs).not.toHaveProperty('contractDate');
    // Staff are alerted, told it is a quote lead with no phone to call.
    const alert = mails.find((entry) => entry.to.includes('staff@example-conveyancing.com.au'));
    const alertText = await readableText(alert!);
    expect(alertText).toContain('No name given (quote lead: quote e-mailed, no phone)');
    expect(alertText).toContain('Open it in the staff portal to reply by e-mail about the quote:');
    expect(alertText).not.toContain('call back within 5 minutes');
    const timeline = (await listActivity(response.json.id)).map((entry) => entry.text);
    expect(timeline).toContain('E-mail to the client delivered: Your conveyancing quote – Hills District Conveyancing');
  });

  it('greets by a plain first name, says the chosen contract date, and keeps a concession’s full duty and saving', async () => {
    const email = address();
    const response = await request({
      email,
      name: '  Ann   Lee ',
      quote: aQuote({ firstHomeBuyer: true, price: 900_000, contractDate: '2026-12-11' }),
    });
    expect(response.status).toBe(201);
    const text = await readableText(mailsTo(email)[0]!);
    expect(text).toMatch(/^Dear Ann,$/m);
    expect(text).toContain('worked out for a contract signed on Friday 11 December 2026.');
    expect(text).toMatch(
      /Transfer duty: \$[\d,]+ \(first home buyer concession; full duty \$[\d,]+, you save \$[\d,]+\)/,
    );
    const [lead] = await storedLead(email);
    expect(lead).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it("refuses a bad address with the spec's message, and a missing quote, storing nothing", async () => {
    const bad = await request({ email: 'not-an-address', quote: aQuote() });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors?.email).toEqual(['Please enter a valid email address']);
    const noQuote = await request({ email: address() });
    expect(noQuote.status).toBe(400);
    expect(await storedLead('not-an-address')).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('cleans the name like every single-line field, and never mails it unless it is plainly a name', async () => {
    const email = address();
    await request({ email, name: 'http://spam.example\u202E Win $500', quote: aQuote() });
    const text = await readableText(mailsTo(email)[0]!);
    expect(text).toMatch(/^Hello,$/m);
    expect(text).not.toContain('spam.example');
    const [lead] = await storedLead(email);
    expect(JSON.stringify(lead)).not.toContain('\u202E');
  });

  it('answers a filled honeypot as sent, storing and sending nothing', async () => {
    const email = address();
    const response = await request({ email, quote: aQuote(), website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(response.json.email).toBe('sent');
    expect(await storedLead(email)).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('merges the same request sent again within minutes: one lead, one e-mail, the visitor answered as before', async () => {
    const email = address();
    const first = await request({ email, quote: aQuote() });
    const second = await request({ email, quote: aQuote() });
    expect(second.status).toBe(201);
    expect(second.json).toEqual({ id: first.json.id, email: 'sent' });
    expect(await storedLead(email)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await listActivity(first.json.id)).map((entry) => entry.text)).toContain(REPEAT_NOTE);
  });

  it('sends one e-mail a day to a mailbox, and says so to the visitor who asks again', async () => {
    const email = address();
    await request({ email, quote: aQuote() });
    const again = await request({ email: email.toUpperCase(), quote: aQuote({ price: 950_000 }) });
    expect(again.status).toBe(201);
    expect(again.json.email).toBe('already-sent');
    // Both are filed: staff see the second price too.
    expect(await storedLead(email)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("stops at the day's acknowledgement ceiling, and says the quote was not sent", async () => {
    const today = sydneyToday();
    await saveSettings(
      { ...defaultPracticeSettings(), acknowledgementsPerDay: await countOnce(today) },
      undefined,
      'tests',
    );
    try {
      const email = address();
      const response = await request({ email, quote: aQuote() });
      expect(response.status).toBe(201);
      expect(response.json.email).toBe('not-sent');
      expect(mailsTo(email)).toEqual([]);
      expect(await storedLead(email)).toHaveLength(1);
    } finally {
      await saveSettings(defaultPracticeSettings(), undefined, 'tests');
    }
  });
});

describe("'Email me this quote' without JavaScript", () => {
  const controls = {
    price: '1,250,000',
    role: 'buying',
    propertyType: 'established',
    firstHomeBuyer: 'on',
    contractDate: '',
  };

  it('answers with a page that says where the quote went, reading the price as typed', async () => {
    const email = address();
    const response = await formPost({ ...controls, name: '', email });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const page = parsePage(response.text);
    const status = page.withAttribute('role', 'status')[0]!;
    expect(textOf(status)).toContain(`We have e-mailed your quote to ${email}.`);
    const text = pageText(response.text);
    expect(text).toContain('Buying an established home at $1,250,000');
    expect(text).toContain(`for a contract signed today, ${formatIsoDay(sydneyToday())}`);
    expect(page.all('a').some((link) => textOf(link) === 'Request a call back')).toBe(true);
    const [lead] = await storedLead(email);
    expect(lead).toMatchObject({ source: 'quote', quote: { inputs: { price: 1_250_000, firstHomeBuyer: true } } });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('answers a bad address with the request again: only the address marked, everything kept, nothing in the URL', async () => {
    const response = await formPost({ ...controls, name: 'Ann Lee', email: 'ann-at-example' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const page = parsePage(response.text);
    const form = page.all('form')[0]!;
    expect(attr(form, 'action')).toBe('/api/contact');
    expect(attr(page.byId('retry-quote-email'), 'value')).toBe('ann-at-example');
    expect(attr(page.byId('retry-quote-name'), 'value')).toBe('Ann Lee');
    expect(textOf(page.byId('retry-quote-email-error'))).toBe('Please enter a valid email address');
    const invalid = page.withAttribute('aria-invalid', 'true').map((element) => attr(element, 'name'));
    expect(invalid).toEqual(['email']);
    const hidden = Object.fromEntries(
      page
        .all('input')
        .filter((input) => attr(input, 'type') === 'hidden')
        .map((input) => [attr(input, 'name'), attr(input, 'value')]),
    );
    expect(hidden).toMatchObject({ form: 'quote', price: '1,250,000', firstHomeBuyer: 'on', role: 'buying' });
    expect(await storedLead('ann-at-example')).toEqual([]);
  });

  it('answers a price that is not one with the price field marked', async () => {
    const response = await formPost({ ...controls, price: 'lots', email: address() });
    expect(response.status).toBe(400);
    const page = parsePage(response.text);
    const invalid = page.withAttribute('aria-invalid', 'true').map((element) => attr(element, 'name'));
    expect(invalid).toEqual(['price']);
    expect(attr(page.byId('retry-quote-price'), 'value')).toBe('lots');
  });

  it('renders both pages as valid HTML', async () => {
    const practice = {
      name: 'Hills District Conveyancing',
      phone: { display: '(02) 5550 0123', href: 'tel:0255500123' },
    };
    const sent = quoteEmailSentPage({
      email: 'ann@example.com',
      outcome: 'sent',
      quote: { inputs: aQuote(), figures: computeQuote(aQuote()) },
      today: '2026-11-23',
      practice,
    });
    const refused = quoteEmailFormPage({
      values: { ...controls, email: 'x' },
      fieldErrors: { email: ['Please enter a valid email address'], 'quote.price': ['x'] },
      practice,
    });
    const estimate = quoteEstimatePage({
      fields: { ...controls, foreignPurchaser: 'on', foreignShare: '50' },
      quote: { inputs: aQuote(), figures: computeQuote(aQuote()) },
      fieldErrors: {},
      today: '2026-11-23',
      practice,
    });
    const estimateRefused = quoteEstimatePage({
      fields: { ...controls, price: 'lots' },
      quote: null,
      fieldErrors: { 'quote.price': ['x'] },
      today: '2026-11-23',
      practice,
    });
    expect(await validateHtml({ sent, refused, estimate, estimateRefused })).toEqual([]);
  });
});

describe("'See my estimate' without JavaScript", () => {
  // Everything the calculator asks, none of it the page's example (buying an established
  // home at $800,000).
  const figures = {
    price: '1,475,000',
    role: 'buying',
    propertyType: 'vacant-land',
    foreignPurchaser: 'on',
    foreignShare: '50',
    rush: 'on',
    contractDate: '2026-12-14',
  };
  const input: QuoteInput = {
    price: 1_475_000,
    role: 'buying',
    propertyType: 'vacant-land',
    firstHomeBuyer: false,
    foreignPurchaser: true,
    foreignShare: 50,
    rush: true,
    contractDate: '2026-12-14',
  };
  const valueOf = (html: string, name: string) => {
    const page = parsePage(html);
    const controls = page.all('input').filter((element) => attr(element, 'name') === name);
    const chosen = controls.filter(
      (element) => attr(element, 'type') !== 'radio' || attr(element, 'checked') !== undefined,
    );
    return chosen.map((element) =>
      attr(element, 'type') === 'checkbox' ? attr(element, 'checked') !== undefined : attr(element, 'value'),
    );
  };

  it('shows the estimate for the figures posted, every one of them kept in the form, storing and sending nothing', async () => {
    const response = await formPost({ ...figures, intent: 'estimate', name: 'Ann Lee', email: 'ann@example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const page = parsePage(response.text);
    const text = pageText(response.text);
    expect(text).toContain('Buying vacant land at $1,475,000');
    expect(text).not.toContain('$800,000');
    const expected = computeQuote(input, { today: sydneyToday() });
    expect(page.all('dd').map(textOf)).toEqual(quoteLines(expected).map((line) => line.value));
    expect(valueOf(response.text, 'price')).toEqual(['1,475,000']);
    expect(valueOf(response.text, 'role')).toEqual(['buying']);
    expect(
      attr(
        page.all('option').find((option) => attr(option, 'selected') !== undefined)!,
        'value',
      ),
    ).toBe('vacant-land');
    expect(valueOf(response.text, 'foreignPurchaser')).toEqual([true]);
    expect(valueOf(response.text, 'firstHomeBuyer')).toEqual([false]);
    expect(valueOf(response.text, 'rush')).toEqual([true]);
    expect(valueOf(response.text, 'foreignShare')).toEqual(['50']);
    expect(valueOf(response.text, 'contractDate')).toEqual(['2026-12-14']);
    expect(valueOf(response.text, 'email')).toEqual(['ann@example.com']);
    expect(valueOf(response.text, 'form')).toEqual(['quote']);
    // One form, posting to the same place: 'Email me this quote' sends these figures.
    expect(page.all('form').map((form) => attr(form, 'action'))).toEqual(['/api/contact']);
    expect(await storedLead('ann@example.com')).toEqual([]);
    expect(mailsTo('ann@example.com')).toEqual([]);
  });

  it("then 'Email me this quote' sends the estimate shown", async () => {
    const email = address();
    const estimate = await formPost({ ...figures, intent: 'estimate', email });
    const shown = pageText(estimate.text);
    const response = await formPost({ ...figures, email });
    expect(response.status).toBe(200);
    const [lead] = await storedLead(email);
    expect(lead).toMatchObject({ quote: { inputs: input } });
    const figuresOf = (html: string) => parsePage(html).all('dd').map(textOf);
    expect(figuresOf(response.text)).toEqual(figuresOf(estimate.text));
    expect(shown).toContain('Buying vacant land at $1,475,000');
    expect(await readableText(mailsTo(email)[0]!)).toContain('$1,475,000');
  });

  it('marks a price it cannot read, keeping the other figures, with the summary first in the form', async () => {
    const response = await formPost({ ...figures, price: 'lots', intent: 'estimate' });
    expect(response.status).toBe(400);
    const page = parsePage(response.text);
    const invalid = page.withAttribute('aria-invalid', 'true').map((element) => attr(element, 'name'));
    expect(invalid).toEqual(['price']);
    expect(valueOf(response.text, 'price')).toEqual(['lots']);
    expect(valueOf(response.text, 'contractDate')).toEqual(['2026-12-14']);
    const summary = page.withAttribute('role', 'alert')[0]!;
    expect(attr(summary, 'autofocus')).toBe('');
    expect(response.text.indexOf('role="alert"')).toBeGreaterThan(response.text.indexOf('<form'));
    expect(response.text.indexOf('role="alert"')).toBeLessThan(response.text.indexOf('name="price"'));
    expect(pageText(response.text)).not.toContain('The estimate for your figures');
  });
});
