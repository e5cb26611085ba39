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

/**
 * A quote's options as a form holds them, by the controls' names: numbers and dates as typed
 * (`price` "800,000", `foreignShare` "50%", `contractDate` empty for today), boxes as ticked.
 * The calculator on /quote and the desk's engagement form both start from it.
 */
export interface QuoteFormValues {
  price: string;
  role: QuoteRole;
  propertyType: PropertyType;
  firstHomeBuyer: boolean;
  foreignPurchaser: boolean;
  foreignShare: string;
  rush: boolean;
  contractDate: string;
}
