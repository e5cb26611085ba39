/**
 * No invented dates: an engagement sent with no contract date says the contract is not yet
 * signed, and that the duty is estimated for a contract signed on the day of the disclosure
 * (dated), in the disclosure, its PDF and the e-mails; a contract date is stated only once
 * staff enter one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import engage from '#functions/engage.ts';
import { getEngagement } from '#server/repositories/engagements-store.ts';
import { now } from '#src/shared/clock.ts';
import { formatIsoDate } from '#src/shared/quote.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { anAcceptedEngagement, aSentEngagement } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { invokeRouted } from '../routing.ts';
import { drawnText } from '../pdf-text.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();
const { mails } = useSmtp();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const UNSIGNED = { price: 750000, role: 'buying', propertyType: 'established' } as const;

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('an engagement with no contract date', () => {
  it('says the contract is not yet signed, with duty estimated for the disclosure’s day, everywhere', async () => {
    const today = formatIsoDate(sydneyToday(now()));
    const note = `contract not yet signed: transfer duty is estimated for a contract signed on ${today}, the day of this disclosure`;
    const { id, token } = await anAcceptedEngagement(staff, { enquiry: { quote: UNSIGNED } });

    const { record } = (await getEngagement(id))!;
    expect(record.content.quote.inputs.contractDate).toBeUndefined();
    expect(record.content.matter.description).toContain(note);
    // The figures are still there: worked out for a contract signed today.
    expect(record.content.quote.figures.transferDuty?.total).toBeGreaterThan(0);

    const page = await call(engage, 'GET', `/engage/${token}`);
    expect(flat(page.text)).toContain(note);
    expect(flat(page.text)).not.toContain('contract dated');

    const pdf = await invokeRouted(engage, new Request(new URL(`/api/engage/${token}/document.pdf`, ORIGIN)));
    expect(pdf.status).toBe(200);
    const pdfText = flat(await drawnText(new Uint8Array(await pdf.arrayBuffer())));
    expect(pdfText).toContain('contract not yet signed');
    expect(pdfText).not.toContain('contract dated');

    // The engagement link, then the signed copy: each says it, none dates a contract.
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      const text = flat(await readableText(mail));
      expect(text).not.toContain('contract dated');
      if (text.includes('Matter:') || text.includes('for your matter')) expect(text).toContain(note);
    }
  });

  it('states the contract date once staff enter one', async () => {
    const { id } = await aSentEngagement(staff, {
      enquiry: { quote: UNSIGNED },
      send: { quote: { ...UNSIGNED, contractDate: '2026-12-10' } },
    });
    const { record } = (await getEngagement(id))!;
    expect(record.content.matter.description).toContain('(contract dated 10 December 2026)');
    expect(record.content.matter.description).not.toContain('not yet signed');
    const text = flat(await readableText(mails.at(-1)!));
    expect(text).toContain('contract dated 10 December 2026');
  });
});
