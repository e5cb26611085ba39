/**
 * The practice's six services: the defaults put once into the services
 * store, where staff then edit them (docs/decisions/007-site-content-from-the-store.md). The landing page shows the
 * store's active services; it falls back to these only while the store was never seeded.
 * Keep `id` stable. Time frames that are a claim ("{typical settlement}") print the figure
 * saved in Settings (decision 039).
 */
import { CLAIM_TOKENS, PRACTICE } from './practice.ts';

/** The icons a card may show: the fixed set `src/components/Icon.astro` draws for services. */
export const SERVICE_ICONS = ['home', 'building', 'document', 'key', 'crane', 'star', 'shield', 'pin'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export interface ServiceRecord {
  id: string;
  title: string;
  description: string;
  icon: ServiceIcon;
  features: readonly string[];
  timeFrame: string;
  serviceAreas: readonly string[];
  isActive: boolean;
}

/** How many features a card shows before '+ N more'. */
export const FEATURES_SHOWN = 3;

const NORTH_WEST = ['Castle Hill', 'Baulkham Hills', 'Kellyville', 'Rouse Hill', 'Norwest', 'Bella Vista'] as const;

export const SERVICES: readonly ServiceRecord[] = [
  {
    id: 'residential-conveyancing',
    title: 'Residential Conveyancing',
    description: `Buying or selling a home in ${PRACTICE.serviceRegion}, handled from contract to keys.`,
    icon: 'home',
    features: [
      'Contract preparation and review',
      'Title, zoning and council searches',
      'Stamp duty calculation and lodgement',
      'Liaison with your agent, lender and the other side',
      'Electronic settlement (PEXA or Sympli)',
    ],
    timeFrame: CLAIM_TOKENS.typicalSettlement,
    serviceAreas: NORTH_WEST,
    isActive: true,
  },
  {
    id: 'commercial-property',
    title: 'Commercial Property',
    description: 'Purchases, sales and leases of shops, offices, warehouses and mixed-use property.',
    icon: 'building',
    features: [
      'Due diligence on commercial contracts',
      'GST and margin scheme advice',
      'Lease review and assignment',
      'Business and property sale coordination',
      'Strata and community title checks',
    ],
    timeFrame: CLAIM_TOKENS.commercialSettlement,
    serviceAreas: [...NORTH_WEST, 'Parramatta'],
    isActive: true,
  },
  {
    id: 'contract-review',
    title: 'Contract Review & Legal Advice',
    description: 'A clear, plain-English review of the contract before you sign or bid at auction.',
    icon: 'document',
    features: [
      'Special conditions explained',
      'Section 10.7 planning certificate review',
      'Building and pest report guidance',
      'Cooling-off and auction advice',
      'Negotiation of amendments',
    ],
    timeFrame: CLAIM_TOKENS.contractReview,
    serviceAreas: ['All of NSW'],
    isActive: true,
  },
  {
    id: 'property-settlement',
    title: 'Property Settlement',
    description: 'Settlement managed end to end, with funds and documents checked before the day.',
    icon: 'key',
    features: [
      'Settlement figures and adjustments',
      'Discharge of mortgage coordination',
      'Final inspection reminders',
      'Electronic lodgment (PEXA or Sympli)',
    ],
    timeFrame: CLAIM_TOKENS.typicalSettlement,
    serviceAreas: NORTH_WEST,
    isActive: true,
  },
  {
    id: 'off-the-plan',
    title: 'Off-the-Plan Purchases',
    description: 'Protection for buyers of apartments and townhouses that are yet to be built.',
    icon: 'crane',
    features: [
      'Sunset clause review',
      'Disclosure statement and plan checks',
      'Deposit bond and bank guarantee advice',
      'Defects and variation rights explained',
      'Registration and settlement notice tracking',
    ],
    timeFrame: CLAIM_TOKENS.offThePlan,
    serviceAreas: [...NORTH_WEST, 'Box Hill', 'Schofields'],
    isActive: true,
  },
  {
    id: 'first-home-buyers',
    title: 'First Home Buyer Services',
    description: 'Guidance through your first purchase, including the grants and concessions you may claim.',
    icon: 'star',
    features: [
      'First Home Buyers Assistance Scheme checks',
      'First Home Owner Grant applications',
      'Step-by-step explanation of the process',
      'Pre-auction contract review',
      'Support on settlement day',
    ],
    timeFrame: CLAIM_TOKENS.typicalSettlement,
    serviceAreas: NORTH_WEST,
    isActive: true,
  },
];
