/**
 * Where a browser lands after posting an enquiry form without JavaScript (or before the
 * island hydrates): `/thanks`, or `/enquiry-error` with what to fix. Both pages are
 * static, so the error page's address carries only field names and codes from the lists
 * below, never what the visitor typed: no personal details in URLs, logs or history.
 */
import { ENQUIRY_FIELDS, type EnquiryField } from './enquiry-labels.ts';

/** Where both forms post, with JavaScript (JSON) or without (form-encoded). */
export const ENQUIRY_ACTION = '/api/contact';
export const THANKS_PATH = '/thanks/';
export const ENQUIRY_ERROR_PATH = '/enquiry-error/';

/** The two forms, and where on the landing page each one sits. */
export const ENQUIRY_FORMS = {
  hero: { label: 'the quote form', href: '/#hero-form' },
  contact: { label: 'the enquiry form', href: '/#contact' },
} as const;
export type EnquiryFormName = keyof typeof ENQUIRY_FORMS;

/** Why a post failed other than its fields: too large a body, or our storage failing. */
export const ENQUIRY_ERROR_REASONS = ['too-large', 'unavailable'] as const;
export type EnquiryErrorReason = (typeof ENQUIRY_ERROR_REASONS)[number];

export interface EnquiryErrorDetails {
  form?: EnquiryFormName;
  fields?: readonly string[];
  reason?: EnquiryErrorReason;
}

const isField = (name: string): name is EnquiryField => Object.hasOwn(ENQUIRY_FIELDS, name);

/** The error page's address; unknown field names are dropped rather than echoed. */
export function enquiryErrorUrl({ form, fields = [], reason }: EnquiryErrorDetails): string {
  const query = new URLSearchParams();
  if (form) query.set('form', form);
  const known = [...new Set(fields.filter(isField))];
  if (known.length > 0) query.set('fields', known.join(','));
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `${ENQUIRY_ERROR_PATH}?${search.replaceAll('%2C', ',')}` : ENQUIRY_ERROR_PATH;
}
