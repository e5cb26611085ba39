/**
 * Create or edit a testimonial, with what consumer law expects the practice to be able to
 * show for it: where it came from, when, and the client's consent.
 */
import { useState } from 'react';
import { TESTIMONIAL_SOURCES, testimonialInputSchema, type Testimonial } from '../../../shared/schemas/testimonial.ts';
import { Field } from '../../../ui/Field.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { ContentFormShell, SwitchRow, useContentForm, type ContentFormProps } from '../kit/ContentForm.tsx';

const FIELD_ORDER = ['title', 'position', 'content', 'source', 'receivedAt', 'consent'] as const;

export function TestimonialForm(props: ContentFormProps<Testimonial>) {
  const { item } = props;
  const [title, setTitle] = useState(item?.title ?? '');
  const [position, setPosition] = useState(item?.position ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const [source, setSource] = useState(item?.source ?? '');
  const [receivedAt, setReceivedAt] = useState(item?.receivedAt ?? '');
  const [consent, setConsent] = useState(item?.consent ?? false);
  const [isActive, setIsActive] = useState(item?.isActive ?? false);
  const form = useContentForm<Testimonial>({
    ...props,
    noun: 'testimonial',
    Noun: 'Testimonial',
    path: '/api/testimonials',
    schema: testimonialInputSchema,
    fieldOrder: FIELD_ORDER,
  });
  const { id, errors } = form;
  const consentError = errors.consent?.[0];

  const submit = () => void form.save({ title, position, content, source, receivedAt, consent, isActive });

  return (
    <ContentFormShell form={form} noun="testimonial" Noun="Testimonial" onSubmit={submit} onCancel={props.onCancel}>
      <Field
        id={id('title')}
        name="title"
        label="Title"
        required
        error={errors.title?.[0]}
        hint="For example: the client's first name and suburb"
      >
        {(control) => <input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Field
        id={id('position')}
        name="position"
        label="Position (optional)"
        error={errors.position?.[0]}
        hint="For example: First home buyer"
      >
        {(control) => <input {...control} value={position} onChange={(event) => setPosition(event.target.value)} />}
      </Field>
      <Field id={id('content')} name="content" label="Content" required error={errors.content?.[0]}>
        {(control) => (
          <textarea {...control} rows={4} value={content} onChange={(event) => setContent(event.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id('source')}
          name="source"
          label="Source"
          required
          error={errors.source?.[0]}
          hint="Where it came from, e.g. Google review or e-mail"
        >
          {(control) => (
            <>
              <input
                {...control}
                list={id('sources')}
                value={source}
                onChange={(event) => setSource(event.target.value)}
              />
              <datalist id={id('sources')}>
                {TESTIMONIAL_SOURCES.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id={id('receivedAt')} name="receivedAt" label="Date received" required error={errors.receivedAt?.[0]}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={receivedAt}
              onChange={(event) => setReceivedAt(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id('consent')}
            name="consent"
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${id('consent')}-error` : undefined}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={id('consent')} className="text-sm text-slate-800">
            <span className="font-medium">The client agreed to this testimonial being published</span>
            <span className="block text-slate-700">Required before it can be shown on the website.</span>
          </label>
        </div>
        {consentError ? (
          <p id={`${id('consent')}-error`} className="mt-1 text-sm font-medium text-destructive">
            {consentError}
          </p>
        ) : null}
      </div>
      <SwitchRow
        id={id('active')}
        label="Show on website"
        hint="Active testimonials appear on the landing page after the next rebuild"
      >
        <Switch
          id={id('active')}
          checked={isActive}
          onChange={setIsActive}
          labelledBy={`${id('active')}-label`}
          describedBy={`${id('active')}-hint`}
        />
      </SwitchRow>
    </ContentFormShell>
  );
}
