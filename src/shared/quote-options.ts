/**
 * The choices the quote calculator offers. Apart from the calculation, so that the enquiry
 * schema (which every public form loads) can check a quote without loading the duty table.
 */
export const QUOTE_ROLES = [
  { value: 'buying', label: 'Buying' },
  { value: 'selling', label: 'Selling' },
  { value: 'both', label: 'Buying and selling' },
] as const;

export const PROPERTY_TYPES = [
  { value: 'established', label: 'Established home' },
  { value: 'off-the-plan', label: 'Off-the-plan' },
  { value: 'vacant-land', label: 'Vacant land' },
  { value: 'commercial', label: 'Commercial' },
] as const;

export type QuoteRole = (typeof QUOTE_ROLES)[number]['value'];
export type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];
