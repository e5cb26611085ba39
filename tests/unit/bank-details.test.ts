/**
 * The one test for bank details in a message's text (src/shared/bank-details.ts): a BSB and an
 * account number however they are written, and none of the numbers every message carries
 * (the practice's phone, dates, times, amounts, ids and links).
 */
import { describe, expect, it } from 'vitest';
import { holdsBankDetails, htmlAsText } from '#src/shared/bank-details.ts';

describe('holdsBankDetails', () => {
  it.each([
    'BSB 062-000, account 1234 5678',
    'BSB: 062000 Account: 12345678',
    'bsb 062 000 acc 123-456-789',
    'Please pay 062-000 12345678 today',
    '06200012345678',
    '062‑000 / 1234567890',
    'Account 987654, BSB 112-879',
    'Pay to\nBSB 062\u00a0000\nAccount number 0012 3456',
  ])('finds the details in %j', (text) => {
    expect(holdsBankDetails(text)).toBe(true);
  });

  it.each([
    'Call us on (02) 5550 0123 or 0412 345 678.',
    'Suite 1, 10 Example Street, Castle Hill NSW 2154\nPhone: (02) 5550 0123',
    'Settlement is on 2026-12-16 at 2:30 pm; the deposit is $85,000.',
    'Your reference is 062-000.',
    'Open https://example.com/matter/?t=123456&n=12345678 to see it',
    'Matter ab-123456-cd1234567 and enquiry 01HZX1234567890ABCDEF',
    'At 2026-12-01T09:41:00.000Z the price of $1,250,000 was agreed (ABN 12 345 678 901).',
  ])('leaves %j alone', (text) => {
    expect(holdsBankDetails(text)).toBe(false);
  });

  it('reads a BSB and an account number only as one set when they are close', () => {
    expect(holdsBankDetails(`BSB 062-000${' and more words'.repeat(3)} account 12345678`)).toBe(true);
    expect(holdsBankDetails(`BSB 062-000${' and more words'.repeat(8)} account 12345678`)).toBe(false);
  });

  it('reads HTML as the mail program shows it', () => {
    expect(holdsBankDetails(htmlAsText('<p>BSB <b>062</b>&#45;<b>000</b></p><p>Acct&nbsp;1234&nbsp;5678</p>'))).toBe(
      true,
    );
    expect(holdsBankDetails(htmlAsText('<p style="max-width:560px;color:#122f52">Hello</p>'))).toBe(false);
  });
});
