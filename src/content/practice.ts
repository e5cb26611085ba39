/**
 * The practice's business facts, each stated once. Every page, the structured data and
 * the footer read them from here. Values marked PLACEHOLDER must be replaced with the
 * practice's real details before launch (see README, "Content module").
 */

export interface BusinessHours {
  /** Shown to people, e.g. 'Monday – Thursday'. */
  day: string;
  /** Shown to people, e.g. '9:00 am – 9:00 pm'. */
  hours: string;
  /** schema.org days and 24-hour times for the structured data. */
  dayOfWeek: readonly ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday')[];
  opens: string;
  closes: string;
}

export const PRACTICE = {
  /** PLACEHOLDER: the practice's trading name. */
  name: 'Hills District Conveyancing',
  shortName: 'Hills Conveyancing',
  tagline: 'Property conveyancing and legal advice for north-west Sydney',
  phone: {
    /** PLACEHOLDER: a reserved fictional number (ACMA drama range), not a real line. */
    display: '(02) 5550 0123',
    href: 'tel:+61255500123',
    e164: '+61255500123',
  },
  /** PLACEHOLDER */
  email: 'hello@example-conveyancing.com.au',
  /** PLACEHOLDER: a street address in north-west Sydney. */
  address: {
    street: 'Suite 1, 10 Example Street',
    locality: 'Castle Hill',
    region: 'NSW',
    postcode: '2154',
    country: 'AU',
  },
  serviceRegion: 'north-west Sydney',
  foundedYear: 2008,
  /**
   * PLACEHOLDER: the practice's profiles. A link with no address yet is not shown at all:
   * a '#' link goes nowhere, and a page of them looks broken.
   */
  social: [
    { label: 'Facebook', href: null },
    { label: 'LinkedIn', href: null },
    { label: 'Instagram', href: null },
  ] as readonly { label: string; href: string | null }[],
} as const;

/** Business hours. */
export const BUSINESS_HOURS: readonly BusinessHours[] = [
  {
    day: 'Monday – Thursday',
    hours: '9:00 am – 9:00 pm',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
    opens: '09:00',
    closes: '21:00',
  },
  {
    day: 'Friday, Saturday & Sunday',
    hours: '9:00 am – 10:00 pm',
    dayOfWeek: ['Friday', 'Saturday', 'Sunday'],
    opens: '09:00',
    closes: '22:00',
  },
];

/**
 * PLACEHOLDER figures: the review aggregate as the practice's brief gave it, which the
 * practice must confirm. Staff edit it in Settings ("Public claims") with the date they
 * checked it; until then the page shows this one, but the structured data carries no
 * rating (search engines would show it as a fact about the practice).
 */
export const DEFAULT_RATING = { value: 4.9, count: 127 } as const;
/** The scale the rating is given on. */
export const RATING_BEST = 5;

/**
 * PLACEHOLDER figures: the public claims as the practice's brief gave them, which the
 * practice must confirm (a practice's site must not mislead: Australian Consumer Law ss 18
 * and 29). Staff edit them in Settings ("Public claims") with the date each was last
 * checked; these apply, marked "not yet checked", until staff save, and the desk warns
 * principals of each one nobody has confirmed. The settlement time is one figure,
 * `typicalSettlement`, wherever the site (and the staff guide) states one: the brief's
 * other figures (4-6 weeks in the staff guide, 14 average days in the statistics)
 * contradicted it.
 */
export const DEFAULT_CLAIMS = {
  typicalSettlement: '6-8 weeks',
  commercialSettlement: '8-12 weeks',
  contractReview: '24-48 hours',
  offThePlan: '12-24 months',
  propertiesSettled: '500+',
  yearsExperience: '15+',
  satisfaction: '98%',
} as const;

/**
 * Tokens a service's time frame may hold for a claim's figure, so the services follow
 * Settings: "{typical settlement}" prints the typical settlement saved there (decision 039).
 */
export const CLAIM_TOKENS = {
  typicalSettlement: '{typical settlement}',
  commercialSettlement: '{commercial settlement}',
  contractReview: '{contract review}',
  offThePlan: '{off the plan}',
} as const satisfies Partial<Record<keyof typeof DEFAULT_CLAIMS, string>>;

/** The practice's call-back promise for enquiries, in hours (a service standard, not a figure about the past). */
export const CALLBACK_PROMISE_HOURS = 2;

/**
 * Professional Standards line (footer). Switch on only if the practice belongs to an
 * approved Professional Standards scheme; it is misleading otherwise.
 */
export const PROFESSIONAL_STANDARDS = {
  enabled: false,
  text: 'Liability limited by a scheme approved under Professional Standards Legislation.',
} as const;

/**
 * Third-party reviews embed (testimonials section). Empty by default: the section then
 * shows the practice's active testimonials. To enable it, set the provider's script URL
 * and widget id, and allow the script's origin in the Content-Security-Policy.
 */
export const REVIEWS_EMBED: {
  /** e.g. 'https://widgets.example-reviews.com/embed.js' */
  scriptUrl: string;
  /** The provider's widget id, written to the container's data attribute. */
  widgetId: string;
  /** The data attribute the provider reads the widget id from. */
  widgetAttribute: string;
} = {
  scriptUrl: '',
  widgetId: '',
  widgetAttribute: 'data-widget-id',
};

/** The enquiry toasts. */
export const ENQUIRY_MESSAGES = {
  successTitle: 'Quote Request Submitted',
  successDescription: `We'll respond to your inquiry within ${CALLBACK_PROMISE_HOURS} hours during business hours.`,
  failureTitle: 'Submission Failed',
  /** The phone comes from the practice's settings (staff may change it), passed in by the page. */
  failureDescription: (phone: string) => `Please try again or call us directly at ${phone}.`,
} as const;

/** Navigation: anchors of the landing page. */
export const NAV_ITEMS = [
  { label: 'Home', anchor: 'home' },
  { label: 'Blog', href: '/blog/' },
  { label: 'Services', anchor: 'services', children: true },
  { label: 'About Us', anchor: 'about' },
  { label: 'Testimonials', anchor: 'testimonials' },
  { label: 'FAQ', anchor: 'faq' },
  { label: 'Contact', anchor: 'contact' },
] as const;

/** The Services dropdown items; all jump to the services section. */
export const SERVICE_MENU = [
  'Residential Conveyancing',
  'Commercial Property',
  'Contract Review',
  'Settlements',
  'Off The Plan',
] as const;
