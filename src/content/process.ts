/** The 11-step conveyancing process of the landing page. */
import { COOLING_OFF, LODGMENT_NETWORK } from './conveyancing-law.ts';

export interface ProcessStep {
  title: string;
  description: string;
}

export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Free consultation',
    description: 'Tell us about the property and your plans; we explain costs and timing.',
  },
  { title: 'Engagement', description: 'You receive a fixed-fee costs agreement to sign online.' },
  { title: 'Contract review', description: 'We review the contract and special conditions and flag anything unusual.' },
  {
    title: 'Searches and enquiries',
    description: 'Title, council, water and strata searches are ordered and checked.',
  },
  { title: 'Negotiation', description: 'We negotiate amendments with the other side where needed.' },
  { title: 'Exchange of contracts', description: 'Contracts are exchanged and the deposit is paid.' },
  {
    title: 'Cooling-off and finance',
    description: `On a residential purchase we track the cooling-off period (${COOLING_OFF.exceptions}), and your loan approval.`,
  },
  { title: 'Stamp duty and grants', description: 'Duty is assessed and any concessions or grants are applied for.' },
  {
    title: 'Pre-settlement checks',
    description: 'Settlement figures, adjustments and your final inspection are arranged.',
  },
  { title: 'Settlement', description: `Settlement is completed electronically through ${LODGMENT_NETWORK}.` },
  { title: 'Post-settlement', description: 'We notify the authorities and confirm everything is finalised.' },
];
