/**
 * The enquiry forms' fields, once: the islands (HeroForm, ContactForm) bind them to state,
 * and the page the contact function renders when it refuses a form post without JavaScript
 * (netlify/functions/_shared/pages/enquiry-form-page.tsx) fills them with what was posted.
 * Both therefore show the same labels, ids and messages. Rendered inside each form's grid.
 */
import type { ChangeEvent } from 'react';
import { Field } from './Field.tsx';
import type { SummaryItem } from './ErrorSummary.tsx';
import {
  CALLBACK_TIMES,
  CONTACT_SERVICE_OPTIONS,
  ENQUIRY_FIELDS,
  HERO_SERVICE_OPTIONS,
  type EnquiryField,
} from '../shared/schemas/enquiry.ts';

/**
 * A control's value: controlled by an island's state, or, on a page a function renders
 * once and never updates, the value it starts with.
 */
export type ControlValue =
  | {
      value: string;
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
    }
  | { defaultValue: string };

export interface EnquiryFieldsProps {
  /** Makes the ids unique on a page with both forms. */
  idPrefix: string;
  bind: (field: EnquiryField) => ControlValue;
  /** The first message for a field, if it has one. */
  error: (field: EnquiryField) => string | undefined;
}

/**
 * The error summary's lines for a form's messages, in the order the forms show their fields,
 * each linked to its control (`${idPrefix}-${field}`, the ids these fields get).
 */
export function enquirySummaryItems(idPrefix: string, error: EnquiryFieldsProps['error']): SummaryItem[] {
  return (Object.keys(ENQUIRY_FIELDS) as EnquiryField[]).flatMap((field) => {
    const message = error(field);
    return message ? [{ message, field: `${idPrefix}-${field}` }] : [];
  });
}

/** Names, email, phone and the service, whose options differ by form. */
export function EnquiryPersonFields({
  idPrefix,
  bind,
  error,
  serviceOptions,
}: EnquiryFieldsProps & { serviceOptions: readonly { value: string; label: string }[] }) {
  const id = (field: EnquiryField) => `${idPrefix}-${field}`;
  return (
    <>
      <Field
        id={id('firstName')}
        name="firstName"
        label={ENQUIRY_FIELDS.firstName.label}
        required
        error={error('firstName')}
      >
        {(props) => <input {...props} type="text" autoComplete="given-name" {...bind('firstName')} />}
      </Field>
      <Field
        id={id('lastName')}
        name="lastName"
        label={ENQUIRY_FIELDS.lastName.label}
        required
        error={error('lastName')}
      >
        {(props) => <input {...props} type="text" autoComplete="family-name" {...bind('lastName')} />}
      </Field>
      <Field id={id('email')} name="email" label={ENQUIRY_FIELDS.email.label} required error={error('email')}>
        {(props) => <input {...props} type="email" autoComplete="email" {...bind('email')} />}
      </Field>
      <Field id={id('phone')} name="phone" label={ENQUIRY_FIELDS.phone.label} required error={error('phone')}>
        {(props) => <input {...props} type="tel" autoComplete="tel" {...bind('phone')} />}
      </Field>
      <Field
        id={id('serviceType')}
        name="serviceType"
        label={ENQUIRY_FIELDS.serviceType.label}
        required
        error={error('serviceType')}
        className="sm:col-span-2"
      >
        {(props) => (
          <select {...props} {...bind('serviceType')}>
            <option value="">Select a service</option>
            {serviceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

/** The hero quote form's fields: the person's, then when to call back, then the message. */
export function HeroEnquiryFields({ idPrefix, bind, error }: EnquiryFieldsProps) {
  return (
    <>
      <EnquiryPersonFields idPrefix={idPrefix} bind={bind} error={error} serviceOptions={HERO_SERVICE_OPTIONS} />
      <Field
        id={`${idPrefix}-callbackDate`}
        name="callbackDate"
        label={ENQUIRY_FIELDS.callbackDate.label}
        error={error('callbackDate')}
      >
        {(props) => <input {...props} type="date" {...bind('callbackDate')} />}
      </Field>
      <Field
        id={`${idPrefix}-callbackTime`}
        name="callbackTime"
        label={ENQUIRY_FIELDS.callbackTime.label}
        error={error('callbackTime')}
      >
        {(props) => (
          <select {...props} {...bind('callbackTime')}>
            <option value="">Any time</option>
            {CALLBACK_TIMES.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
        )}
      </Field>
      <MessageField idPrefix={idPrefix} bind={bind} error={error} />
    </>
  );
}

/** The contact-section form's fields: the person's, the property, then the message. */
export function ContactEnquiryFields({ idPrefix, bind, error }: EnquiryFieldsProps) {
  return (
    <>
      <EnquiryPersonFields idPrefix={idPrefix} bind={bind} error={error} serviceOptions={CONTACT_SERVICE_OPTIONS} />
      <Field
        id={`${idPrefix}-propertyAddress`}
        name="propertyAddress"
        label={ENQUIRY_FIELDS.propertyAddress.label}
        error={error('propertyAddress')}
        className="sm:col-span-2"
      >
        {(props) => <input {...props} type="text" autoComplete="address-line1" {...bind('propertyAddress')} />}
      </Field>
      <MessageField idPrefix={idPrefix} bind={bind} error={error} />
    </>
  );
}

function MessageField({ idPrefix, bind, error }: EnquiryFieldsProps) {
  return (
    <Field
      id={`${idPrefix}-message`}
      name="message"
      label={ENQUIRY_FIELDS.message.label}
      error={error('message')}
      className="sm:col-span-2"
    >
      {(props) => <textarea {...props} rows={4} {...bind('message')} />}
    </Field>
  );
}
