/**
 * The Conveyancing Launch Kit's checklist: what a buyer or a seller of residential property
 * in New South Wales does before contracts are exchanged. The landing page promises it
 * ("a checklist of what to do before exchange"); the page /launch-kit/ shows it, the same
 * words are its PDF (src/shared/launch-kit-pdf.ts), and every enquiry's acknowledgement
 * carries that PDF. General information, stated once; the legal rules it names come from
 * conveyancing-law.ts and transfer-duty.ts, so a change there changes it too.
 */
import { COOLING_OFF, DUTY_PAYMENT, STANDARD_COMPLETION } from './conveyancing-law.ts';
import { formatAud } from './money.ts';
import { FIRST_HOME_BUYERS } from './transfer-duty.ts';

export interface ChecklistItem {
  /** What to do, as a short imperative. */
  title: string;
  /** Why, and what to look out for. */
  detail: string;
}

export interface ChecklistPart {
  /** The part's anchor on the page. */
  id: string;
  heading: string;
  intro: string;
  items: readonly ChecklistItem[];
}

const { home, vacantLand } = FIRST_HOME_BUYERS;

export const LAUNCH_KIT = {
  title: 'Your Conveyancing Launch Kit',
  subtitle: 'A checklist of what to do before exchange, for buyers and sellers in New South Wales',
  /** Where the page lives, and the PDF beside it. */
  path: '/launch-kit/',
  pdfPath: '/launch-kit.pdf',
  pdfFilename: 'conveyancing-launch-kit.pdf',
  /** Shown at the top of the page and the PDF, and under it in every copy. */
  generalInformation:
    'This checklist is general information about buying and selling residential property in New South Wales, not legal advice about your situation. Laws, thresholds and programs change: ask us about your own contract before you sign or exchange.',
  parts: [
    {
      id: 'buying',
      heading: 'Buying: before you exchange',
      intro: 'Once contracts are exchanged you are bound to buy, apart from any cooling-off period. Do these first.',
      items: [
        {
          title: 'Have the contract reviewed before you sign',
          detail:
            'The seller’s contract must come with the prescribed documents: the title search, the zoning (planning) certificate, the sewerage diagram and, where they apply, the pool certificate and strata information. Have your conveyancer read them and the special conditions, and agree any changes, before you sign or pay anything.',
        },
        {
          title: 'Get your finance approved',
          detail:
            'A pre-approval is not a promise to lend: the lender still values the property and checks your situation. Aim for formal approval before exchange, or ask for a finance condition or time in the contract. Know how much deposit you can pay on exchange.',
        },
        {
          title: 'Arrange a building and pest inspection',
          detail:
            'A licensed inspector’s report on the building’s condition and any termite activity, done before exchange or within the cooling-off period. Ask about anything the report flags before you commit.',
        },
        {
          title: 'Order a strata report for a unit or townhouse',
          detail:
            'For a lot in a strata scheme, an inspection of the owners corporation’s records shows the levies, the capital works fund, special levies planned, building defects, disputes and the by-laws (pets, renovations, short-term letting).',
        },
        {
          title: 'Understand cooling-off and the s 66W certificate',
          detail: `A residential purchase usually has a cooling-off period ending at 5 pm on the ${COOLING_OFF.businessDays}th business day after exchange (${COOLING_OFF.offThePlanBusinessDays} business days off the plan). If you withdraw in it you forfeit ${COOLING_OFF.forfeitPercent}% of the price. There is ${COOLING_OFF.exceptions}. Sign a s 66W certificate, which waives it, only once your finance, inspections and contract review are done; buying at auction, do them all before the auction.`,
        },
        {
          title: 'Have the deposit ready',
          detail:
            'The deposit is usually 10% of the price, paid on exchange into the agent’s or a conveyancer’s trust account; with cooling-off, a smaller part is often paid at exchange and the rest when the period ends. A deposit bond or guarantee may be accepted if the contract allows it. Always confirm the account details by phone before you transfer money.',
        },
        {
          title: 'Arrange insurance from the right day',
          detail:
            'For a house, the risk of damage usually stays with the seller until settlement or until you take possession, but your lender will want the building insured from settlement, and many buyers take cover from exchange. For a strata lot the owners corporation insures the building: arrange contents cover, and landlord cover for an investment.',
        },
        {
          title: 'Check the first home buyer grants and concessions',
          detail: `First home buyers in NSW pay no transfer duty on a home up to ${formatAud(home.exemptUpTo)} and less below ${formatAud(home.concessionBelow)} (vacant land: up to ${formatAud(vacantLand.exemptUpTo)} and below ${formatAud(vacantLand.concessionBelow)}), under the First Home Buyers Assistance Scheme. Check too the First Home Owner Grant (New Homes) for a new home and the Australian Government’s Home Guarantee Scheme with your lender. Eligibility rules apply: check them with Revenue NSW before you exchange.`,
        },
        {
          title: 'Plan settlement',
          detail: `Settlement under the standard contract is usually ${STANDARD_COMPLETION.daysAfterContract} days after exchange unless the contract says otherwise. Transfer duty is due within ${DUTY_PAYMENT.monthsAfterLiability} months of exchange, or by settlement if that is sooner. Book a final inspection for the days before settlement.`,
        },
      ],
    },
    {
      id: 'selling',
      heading: 'Selling: before the property goes on the market',
      intro:
        'In NSW an agent may not offer a home for sale until its contract is ready, so the contract comes before the first open home.',
      items: [
        {
          title: 'Have the contract prepared',
          detail:
            'Your conveyancer orders the title search, the zoning certificate and the sewerage diagram and prepares the contract with them and any special conditions, for your agent to give buyers.',
        },
        {
          title: 'Gather the certificates the contract needs',
          detail:
            'A pool or spa needs a certificate of compliance or of non-compliance. For a strata lot, the strata information the contract must include. Approvals for any building work you have done (an occupation or building information certificate) answer buyers’ questions before they are asked.',
        },
        {
          title: 'Disclose what must be disclosed',
          detail:
            'Tell your agent and conveyancer about anything a buyer must be told, such as loose-fill asbestos, a flood or bushfire history, or anything affecting the title. A warning or disclosure missing from the contract can let a buyer withdraw.',
        },
        {
          title: 'Get your ATO clearance certificate',
          detail:
            'An Australian resident seller needs a foreign resident capital gains withholding clearance certificate from the ATO before settlement, or the buyer must withhold part of the price. Apply early online: it is free.',
        },
        {
          title: 'Tell your lender you are selling',
          detail:
            'If the property has a mortgage, your lender needs a discharge authority from you, often two to three weeks before settlement. Ask what it will cost to repay the loan.',
        },
        {
          title: 'Agree the deposit and the settlement period',
          detail:
            'Decide with your agent what deposit you will accept (and whether a deposit bond is fine), the settlement period, and what stays with the property (the inclusions listed in the contract).',
        },
      ],
    },
    {
      id: 'bring',
      heading: 'What to have ready when we speak',
      intro: 'It makes the first call quicker, and the quote exact.',
      items: [
        {
          title: 'The property',
          detail:
            'Its address, the agent’s details and, if you have it, the contract or the listing. For a purchase, the price and whether it is an auction.',
        },
        {
          title: 'Your identification',
          detail:
            'Photo identification (a driver licence or passport) for each buyer or seller: we verify the identity of every client before we act.',
        },
        {
          title: 'Your finance',
          detail: 'Your lender’s and broker’s details, and your pre-approval or approval letter.',
        },
        {
          title: 'Your questions',
          detail:
            'What the special conditions mean, when you can get the keys, what the settlement period should be, what you will pay in total: write them down and ask them all.',
        },
      ],
    },
  ],
} as const satisfies {
  title: string;
  subtitle: string;
  path: string;
  pdfPath: string;
  pdfFilename: string;
  generalInformation: string;
  parts: readonly ChecklistPart[];
};
