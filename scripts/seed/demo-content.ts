/**
 * Demo content for a new local store, so the site and the staff portal have something
 * to show. Testimonials are labelled as samples: they are not real clients' words.
 */
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import { COOLING_OFF, DUTY_PAYMENT } from '#src/content/conveyancing-law.ts';
import { TRANSFER_DUTY } from '#src/shared/duty-tables.ts';
import { PRICING } from '#src/content/pricing.ts';
import { formatAud } from '#src/content/money.ts';
import { SAMPLE_REVIEW_MARK } from '#src/content/placeholders.ts';

const { home: FHB_HOME, vacantLand: FHB_LAND } = TRANSFER_DUTY.firstHomeBuyers;
import type { Testimonial } from '#src/shared/schemas/testimonial.ts';

const post = (
  id: string,
  slug: string,
  title: string,
  excerpt: string,
  paragraphs: string[],
  publishedAt: string | undefined,
): BlogPost => ({
  id,
  slug,
  title,
  excerpt,
  content: paragraphs.join('\n\n'),
  isPublished: publishedAt !== undefined,
  ...(publishedAt ? { publishedAt } : {}),
  createdAt: `${publishedAt ?? '2026-11-18'}T09:00:00.000Z`,
  updatedAt: `${publishedAt ?? '2026-11-18'}T09:00:00.000Z`,
  version: `seed-${id}`,
  updatedBy: 'demo seed',
  sequence: 0,
});

export const DEMO_POSTS: BlogPost[] = [
  post(
    'seed-cooling-off',
    'nsw-cooling-off-period-explained',
    'The NSW Cooling-Off Period Explained',
    'What the cooling-off period gives buyers in NSW (five business days, ten off the plan), what it costs to walk away, and when it does not apply.',
    [
      `When you exchange contracts on a residential property in NSW, you usually get a cooling-off period of ${COOLING_OFF.businessDays} business days. It ends at 5 pm on the ${COOLING_OFF.businessDays}th business day after the day of exchange. For an off-the-plan contract it is ${COOLING_OFF.offThePlanBusinessDays} business days.`,
      `If you decide not to proceed during that time, you can rescind the contract by giving written notice. The vendor is entitled to keep ${COOLING_OFF.forfeitPercent}% of the purchase price, so on a $900,000 home that is ${formatAud((900_000 * COOLING_OFF.forfeitPercent) / 100)}.`,
      'There is no cooling-off period when you buy at auction, or when you buy on the same day a property was passed in at auction. Buyers can also waive or shorten it with a section 66W certificate signed by their solicitor or conveyancer.',
      `Use the cooling-off period for what it is meant for: finishing building and pest inspections, confirming your finance and having the contract reviewed. Our fixed fee for a purchase is ${formatAud(PRICING.baseFee)}, including GST. Talk to us before you exchange so the timing works for you.`,
    ],
    '2026-10-02',
  ),
  post(
    'seed-first-home',
    'first-home-buyer-stamp-duty-nsw',
    'First Home Buyers: Stamp Duty Relief in NSW',
    'How the First Home Buyers Assistance Scheme works, which thresholds matter, and the paperwork your conveyancer will check.',
    [
      'Transfer duty (stamp duty) is often the largest cost after the deposit. Eligible first home buyers in NSW may pay no transfer duty, or a reduced amount, under the First Home Buyers Assistance Scheme.',
      `Whether you qualify depends on the property value, on whether you will live in the home, and on whether you or your partner have owned residential property in Australia before. A home worth up to ${formatAud(FHB_HOME.exemptUpTo)} pays no transfer duty; below ${formatAud(FHB_HOME.concessionBelow)} a concessional amount applies, rising from nothing to the full duty across that range. For vacant land to build on, the figures are ${formatAud(FHB_LAND.exemptUpTo)} and ${formatAud(FHB_LAND.concessionBelow)}. Our /quote calculator works out the concessional duty for you.`,
      'Your conveyancer lodges the application with the transfer and makes sure the declarations are right. Getting them wrong can mean repaying the concession with interest.',
      `Duty is normally due within ${DUTY_PAYMENT.monthsAfterLiability} months of the contract, or at settlement if that is sooner. If you are buying off the plan and will live in the home, it can wait until settlement, an assignment of the contract or ${DUTY_PAYMENT.offThePlanDeferralMonths + DUTY_PAYMENT.monthsAfterLiability} months after the contract, whichever comes first, and you get ${COOLING_OFF.offThePlanBusinessDays} business days to cool off instead of ${COOLING_OFF.businessDays}. Ask us early so your budget has no surprises.`,
    ],
    '2026-09-12',
  ),
  post(
    'seed-section-10-7',
    'what-is-a-section-10-7-certificate',
    'What Is a Section 10.7 Planning Certificate?',
    'The council certificate attached to every NSW contract for sale, and the entries buyers should read twice.',
    [
      'Every contract for the sale of land in NSW must include a planning certificate issued by the local council under section 10.7 of the Environmental Planning and Assessment Act 1979.',
      'The certificate tells you how the land is zoned and what planning controls apply. It also discloses risks such as bushfire-prone land, flood planning, heritage items and road widening.',
      'A full certificate, sometimes called a 10.7(5), can include extra information the council holds. We review both and explain anything that could affect how you use or build on the property.',
    ],
    '2025-11-20',
  ),
  post(
    'seed-off-the-plan',
    'buying-off-the-plan-sunset-clauses',
    'Buying Off the Plan: Sunset Clauses and Your Deposit',
    'Off-the-plan contracts can run for years. Here is what sunset clauses, disclosure statements and deposit holding mean for you.',
    [
      `Buying off the plan means signing a contract before the building is finished, sometimes before it has started. Settlement may be 12 to 24 months away, so the contract has to cover a lot of what-ifs. The cooling-off period is ${COOLING_OFF.offThePlanBusinessDays} business days, twice the usual ${COOLING_OFF.businessDays}.`,
      'A sunset clause sets a date by which the development must be registered. NSW law limits when a developer can use a sunset clause to end the contract, protecting buyers from rescission just to resell at a higher price.',
      'The vendor must give you a disclosure statement with the draft plan, by-laws and schedule of finishes. If something material changes, you may be entitled to end the contract or claim compensation.',
      'Your deposit is usually held in a trust or controlled account until settlement. We check who holds it and on what terms before you sign.',
      `If you will live in the home, transfer duty is due at the earliest of settlement, an assignment of the contract or ${DUTY_PAYMENT.offThePlanDeferralMonths + DUTY_PAYMENT.monthsAfterLiability} months after the contract, rather than ${DUTY_PAYMENT.monthsAfterLiability} months after it. Our fee for an off-the-plan purchase is ${formatAud(PRICING.baseFee + PRICING.extras.offThePlan)}, including GST.`,
    ],
    '2025-08-05',
  ),
  post(
    'seed-settlement-day',
    'settlement-day-checklist',
    'Settlement Day Checklist (Draft)',
    'What happens on settlement day and what buyers should do in the week before.',
    [
      'Settlement is when the balance of the price is paid and the property becomes yours. In NSW it happens electronically through PEXA.',
      'In the week before, book your final inspection, confirm your lender is ready and arrange insurance from exchange.',
    ],
    undefined,
  ),
];

const sample = (
  testimonial: Pick<Testimonial, 'id' | 'title' | 'content' | 'isActive'> & { position?: string },
): Testimonial => ({
  ...testimonial,
  source: 'Sample (demo content)',
  receivedAt: '2026-11-18',
  consent: true,
  createdAt: '2026-11-18T09:00:00.000Z',
  updatedAt: '2026-11-18T09:00:00.000Z',
  version: `seed-${testimonial.id}`,
});

export const DEMO_TESTIMONIALS: Testimonial[] = [
  sample({
    id: 'sample-first-home',
    title: `${SAMPLE_REVIEW_MARK}: first home buyers`,
    position: 'Placeholder, replace with a real client review',
    content: 'The team explained every step of our first purchase and we always knew what was coming next.',
    isActive: true,
  }),
  sample({
    id: 'sample-sale',
    title: `${SAMPLE_REVIEW_MARK}: home sellers`,
    position: 'Placeholder, replace with a real client review',
    content: 'Our contract was ready quickly and settlement happened exactly on the day we were told.',
    isActive: true,
  }),
  sample({
    id: 'sample-investor',
    title: `${SAMPLE_REVIEW_MARK}: property investor`,
    position: 'Placeholder, replace with a real client review',
    content: 'Clear fixed pricing and quick answers, even in the evening.',
    isActive: true,
  }),
  sample({
    id: 'sample-inactive',
    title: `${SAMPLE_REVIEW_MARK}: off-the-plan buyer`,
    content: 'Hidden until staff switch it on in the admin.',
    isActive: false,
  }),
];
