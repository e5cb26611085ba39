/**
 * The fields both enquiry forms share: names, email, phone and the service,
 * whose options differ by form. Rendered inside each form's grid.
 */
import type { EnquiryForm } from './enquiry-form.ts';
import { Field } from '../ui/Field.tsx';
import { ENQUIRY_FIELDS } from '../shared/schemas/enquiry.ts';

type PersonKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'serviceType';

interface Props<K extends string> {
  /** Makes the ids unique on a page with both forms. */
  idPrefix: string;
  form: Pick<EnquiryForm<K | PersonKey>, 'bind' | 'error'>;
  serviceOptions: readonly { value: string; label: string }[];
}

export function EnquiryPersonFields<K extends string>({ idPrefix, form, serviceOptions }: Props<K>) {
  const { bind, error } = form;
  const id = (field: PersonKey) => `${idPrefix}-${field}`;
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
