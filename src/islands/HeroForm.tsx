/**
 * The hero quote form (spec §2 #hero-form, §4, §5). Pulses while sending and vibrates
 * (medium on send, success, error) with a 300 ms visual fallback.
 */
import { useRef, type SubmitEvent } from 'react';
import {
  CALLBACK_TIMES,
  HERO_SERVICE_OPTIONS,
  heroEnquirySchema,
} from '../shared/schemas/enquiry.ts';
import { buzz, useEnquiryForm, VIBRATION } from '../lib/enquiry.ts';
import { Field } from '../ui/Field.tsx';
import { Button } from '../ui/Button.tsx';
import { Honeypot } from '../ui/Honeypot.tsx';
import { PrivacyNotice } from '../ui/PrivacyNotice.tsx';

const INITIAL = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  serviceType: '',
  callbackDate: '',
  callbackTime: '',
  message: '',
};
type Key = keyof typeof INITIAL;

export default function HeroForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, pending, set, submit, honeypot } = useEnquiryForm<Key>({
    initial: INITIAL,
    schema: heroEnquirySchema,
    onPhase: (phase) => buzz(formRef.current, VIBRATION[phase]),
  });
  const bind = (field: Key) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });
  const error = (field: Key) => errors[field]?.[0];
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="hero-form-title"
      className={`rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:p-6 ${pending ? 'is-sending' : ''}`}
    >
      <h2 id="hero-form-title" className="text-xl font-bold text-brand-900">
        Get your free quote
      </h2>
      <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="hero-firstName" name="firstName" label="First name" required error={error('firstName')}>
          {(props) => <input {...props} type="text" autoComplete="given-name" {...bind('firstName')} />}
        </Field>
        <Field id="hero-lastName" name="lastName" label="Last name" required error={error('lastName')}>
          {(props) => <input {...props} type="text" autoComplete="family-name" {...bind('lastName')} />}
        </Field>
        <Field id="hero-email" name="email" label="Email" required error={error('email')}>
          {(props) => <input {...props} type="email" autoComplete="email" {...bind('email')} />}
        </Field>
        <Field id="hero-phone" name="phone" label="Phone" required error={error('phone')}>
          {(props) => <input {...props} type="tel" autoComplete="tel" {...bind('phone')} />}
        </Field>
        <Field id="hero-serviceType" name="serviceType" label="Service" required error={error('serviceType')} className="sm:col-span-2">
          {(props) => (
            <select {...props} {...bind('serviceType')}>
              <option value="">Select a service</option>
              {HERO_SERVICE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="hero-callbackDate" name="callbackDate" label="Preferred callback date" error={error('callbackDate')}>
          {(props) => <input {...props} type="date" {...bind('callbackDate')} />}
        </Field>
        <Field id="hero-callbackTime" name="callbackTime" label="Preferred callback time" error={error('callbackTime')}>
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
        <Field id="hero-message" name="message" label="Message" error={error('message')} className="sm:col-span-2">
          {(props) => <textarea {...props} rows={4} {...bind('message')} />}
        </Field>
      </div>
      <Honeypot inputRef={honeypot} idPrefix="hero" />
      <Button type="submit" pending={pending} className="mt-5 w-full">
        {pending ? 'Submitting...' : 'Get My Free Quote'}
      </Button>
      <div className="mt-3">
        <PrivacyNotice />
      </div>
    </form>
  );
}
