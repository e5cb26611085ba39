/** A text's words: GSM 7-bit only (one other character would make it UCS-2), two segments at most, closed by the warning and the name. */
import { describe, expect, it } from 'vitest';
import { gsmLength, smsSegments, smsText, toGsm7 } from '#server/mail/sms-text.ts';

const practice = { name: 'O’Brien & Zoë – Conveyancing', phone: '(02) 5550 0123' };

describe('toGsm7', () => {
  it('makes typographic marks plain, drops accents GSM lacks, keeps those it has, and marks the rest', () => {
    expect(toGsm7('O’Brien “quoted” – fine… Zoë café Ünal Ñ 😀 €5')).toBe(
      'O\'Brien "quoted" - fine... Zoe café Ünal Ñ ? €5',
    );
  });

  it('counts an extension character as two', () => {
    expect(gsmLength('a€[')).toBe(5);
    expect(smsSegments('x'.repeat(160))).toBe(1);
    expect(smsSegments('x'.repeat(161))).toBe(2);
  });
});

describe('smsText', () => {
  it('ends with the bank-details warning and the practice’s name, in GSM', () => {
    const text = smsText('Your purchase: Contracts exchanged – done.', practice);
    expect(text).toBe(
      "Your purchase: Contracts exchanged - done.\nWe will never send you new bank details by e-mail: before you transfer money, call us on (02) 5550 0123\nO'Brien & Zoe - Conveyancing",
    );
    expect(toGsm7(text)).toBe(text);
  });

  it('cuts a long line so the text stays within two segments, keeping the warning whole', () => {
    const text = smsText('A very long line. '.repeat(40), practice);
    expect(gsmLength(text)).toBe(306);
    expect(smsSegments(text)).toBe(2);
    expect(text).toContain('...\nWe will never send you new bank details by e-mail');
  });
});
