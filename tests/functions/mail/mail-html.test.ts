/**
 * Every e-mail as a mail program receives it, against a real local SMTP server: a plain-text
 * part and an HTML part made from it (multipart/alternative), the practice's name and the
 * logo inline, the main link one button whose address is the text's, every value escaped,
 * inline styles only; the acknowledgement carries the Launch Kit's PDF.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import contact from '#functions/contact.ts';
import { sendClientMailNow, deliverClientMail, queueClientMail } from '#server/mail/client-mail.ts';
import { notifyStaff } from '#server/mail/staff-alerts.ts';
import { MAIL_LOGO_PNG_BASE64, MAIL_LOGO_SIZE } from '#server/mail/mail-logo.ts';
import { LOGO_CID } from '#server/mail/mail-message.tsx';
import { saveSettings } from '#server/repositories/settings-store.ts';
import { LAUNCH_KIT } from '#src/content/launch-kit.ts';
import { bankDetailsWarning } from '#src/content/matters.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { attr, parsePage, textOf } from '../html.ts';
import { aQuote } from '../fixtures/quote.ts';
import { call, useBlobs } from '../harness.ts';
import { simpleParser } from 'mailparser';
import { useSmtp, type Received } from '../smtp.ts';

useBlobs();
const DESK = 'desk@example-conveyancing.com.au';
const { mails } = useSmtp({ alertsTo: DESK });

const CLIENT = 'harriet.private@example.com';
const LINK = 'https://conveyancing.example/engage/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> & Co';

/** As a mail program reads it, keeping the logo's `cid:` (mailparser would inline it as a data: address). */
const readMail = (mail: Received) => simpleParser(Buffer.from(mail.raw, 'latin1'), { keepCidLinks: true });

async function only() {
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  return { mail, parsed: await readMail(mail) };
}

describe('e-mail as HTML beside its text', () => {
  it('sends multipart/alternative: the text part as written, and HTML with the name, the logo inline and the link as the one button', async () => {
    await sendClientMailNow({
      to: CLIENT,
      subject: 'Your costs agreement to read and accept',
      button: 'Read and accept your costs agreement',
      text: ['Dear Harriet,', '', 'Read them and accept them here:', LINK, '', 'The link is yours.'].join('\n'),
    });
    const { mail, parsed } = await only();
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);

    // The text part is what it always was, the address written out in full.
    expect(parsed.text).toContain(`Read them and accept them here:\n${LINK}\n`);
    expect(parsed.text).toContain('Hills District Conveyancing');

    const html = parsed.html as string;
    const page = parsePage(html);
    const buttons = page.all('a').filter((a) => textOf(a) === 'Read and accept your costs agreement');
    expect(buttons).toHaveLength(1);
    expect(attr(buttons[0]!, 'href')).toBe(LINK);
    // Written out under the button too, for a program that hides buttons.
    expect(textOf(page.all('body')[0]!)).toContain(`Or copy this address into your browser:\n${LINK}`);
    expect(textOf(page.all('body')[0]!)).toContain('Hills District Conveyancing');
    expect(textOf(page.all('body')[0]!)).toContain('The link is yours.');

    // The logo travels with the message: shown without fetching anything.
    const [img] = page.all('img');
    expect(attr(img!, 'src')).toBe(`cid:${LOGO_CID}`);
    const logo = parsed.attachments.find((attachment) => attachment.cid === LOGO_CID);
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.related).toBe(true);

    // Mail programs ignore style sheets: every style is inline.
    expect(page.all('style')).toEqual([]);
    expect(page.all('link')).toEqual([]);
    expect(page.all('table')).toEqual([]);
    expect(page.withAttribute('class')).toEqual([]);
  });

  it('escapes every value: a hostile name and practice name are text, never markup', async () => {
    expect(
      (await saveSettings({ ...defaultPracticeSettings(), name: `Quoll ${HOSTILE}` }, undefined, 'tests')).ok,
    ).toBe(true);
    try {
      await sendClientMailNow({
        to: CLIENT,
        subject: `Hello ${HOSTILE}`,
        text: [`Dear ${HOSTILE},`, '', 'Your matter has moved on.', `javascript:alert(1)`].join('\n'),
      });
      const { parsed } = await only();
      const html = parsed.html as string;
      const page = parsePage(html);
      expect(page.all('script')).toEqual([]);
      expect(page.all('img').map((img) => attr(img, 'src'))).toEqual([`cid:${LOGO_CID}`]);
      expect(page.withAttribute('onerror')).toEqual([]);
      const body = textOf(page.all('body')[0]!);
      expect(body).toContain(`Dear ${HOSTILE},`);
      expect(body).toContain(`Quoll ${HOSTILE}`);
      // Only a web address becomes a link: no button, no javascript: href.
      expect(page.all('a')).toEqual([]);
    } finally {
      await saveSettings(defaultPracticeSettings(), undefined, 'tests');
    }
  });

  it('keeps the closing lines of a message about a matter: the bank-details warning last in the text, boxed in bold in the HTML', async () => {
    await queueClientMail({
      id: 'html/matter',
      to: CLIENT,
      matter: true,
      subject: 'Done: Contracts exchanged',
      text: 'Dear Harriet,\n\nA step is done.',
    });
    expect(await deliverClientMail('html/matter')).toBe(true);
    const { parsed } = await only();
    const warning = bankDetailsWarning(defaultPracticeSettings().phone);
    expect(parsed.text!.trimEnd().endsWith(warning)).toBe(true);
    const paragraphs = parsePage(parsed.html as string)
      .all('p')
      .map(textOf);
    expect(paragraphs.filter((paragraph) => paragraph === warning)).toHaveLength(1);
    // Not small print: the one closing line that defends against payment-redirection fraud stands out.
    expect(parsed.html as string).toMatch(
      /<p style="[^"]*font-weight:700[^"]*"><span>We will never send you new bank details/,
    );
    // No link in the text: no button either.
    expect(parsePage(parsed.html as string).all('a')).toEqual([]);
  });

  it('gives staff messages the same HTML, their link a button into the portal', async () => {
    const link = 'https://conveyancing.example/admin?matter=abc';
    await notifyStaff({ subject: 'Coming up: settlement', text: ['Settlement is near.', link].join('\n') }, 'test');
    const { mail, parsed } = await only();
    expect(mail.to).toEqual([DESK]);
    expect(parsed.text).toContain(link);
    const [button] = parsePage(parsed.html as string).all('a');
    expect(textOf(button!)).toBe('Open it in the staff portal');
    expect(attr(button!, 'href')).toBe(link);
  });

  it('carries the site’s logo, small enough to inline in every message', () => {
    const png = Buffer.from(MAIL_LOGO_PNG_BASE64, 'base64');
    expect(imageSize(png)).toMatchObject({ type: 'png', width: MAIL_LOGO_SIZE, height: MAIL_LOGO_SIZE });
    expect(png.length).toBeLessThan(4096);
  });
});

describe('the acknowledgement', () => {
  it('attaches the Conveyancing Launch Kit’s checklist as a PDF and says so', async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      body: {
        firstName: 'Harriet',
        lastName: 'Quoll',
        email: CLIENT,
        phone: '0499 888 777',
        serviceType: 'residential-conveyancing',
        message: 'The launch kit, please',
      },
    });
    expect(response.status).toBe(201);
    const mail = mails.find((each) => each.to.includes(CLIENT));
    expect(mail).toBeDefined();
    const parsed = await readMail(mail!);
    expect(parsed.text).toContain('Your free Conveyancing Launch Kit is attached');
    const kit = parsed.attachments.find((attachment) => attachment.filename === LAUNCH_KIT.pdfFilename);
    expect(kit?.contentType).toBe('application/pdf');
    const pdf = await PDFDocument.load(kit!.content);
    expect(pdf.getTitle()).toBe(LAUNCH_KIT.title);
    expect(pdf.getAuthor()).toBe(defaultPracticeSettings().name);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });

  it('attaches it to a quote lead’s e-mail too, which is that lead’s acknowledgement', async () => {
    const email = 'quote.kit@example.com';
    const response = await call(contact, 'POST', '/api/contact', {
      body: { form: 'quote', email, quote: aQuote() },
    });
    expect(response.status, response.text).toBe(201);
    const mail = mails.find((each) => each.to.includes(email));
    const parsed = await readMail(mail!);
    expect(parsed.subject).toMatch(/^Your conveyancing quote/);
    expect(parsed.text).toContain('Your free Conveyancing Launch Kit is attached');
    expect(parsed.attachments.map((attachment) => attachment.filename)).toContain(LAUNCH_KIT.pdfFilename);
  });
});
