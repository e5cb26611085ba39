/**
 * Create or edit a testimonial, with what consumer law expects the practice to be able to
 * show for it: where it came from, when, and the client's consent.
 */
import { callApi } from '#src/lib/api.ts';
import { testimonialsRoutes } from '#src/shared/api/testimonials.ts';
import {
  TESTIMONIAL_SOURCES,
  testimonialInputSchema,
  type Testimonial,
  type TestimonialInput,
} from '#src/shared/schemas/testimonial.ts';
import { Field } from '#src/ui/Field.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { ContentFormShell, SwitchRow, useContentForm, type ContentFormProps } from '../kit/ContentForm.tsx';
import { useSchemaFields } from '../kit/useSchemaFields.ts';

const send = (body: TestimonialInput, id: string | null) =>
  id === null
    ? callApi(testimonialsRoutes.create, { body })
    : callApi(testimonialsRoutes.update, { params: { id }, body });

export function TestimonialForm(props: ContentFormProps<Testimonial>) {
  const { item } = props;
  const { values, text, checkbox, set } = useSchemaFields(testimonialInputSchema, {
    title: item?.title ?? '',
    position: item?.position ?? '',
    content: item?.content ?? '',
    source: item?.source ?? '',
    receivedAt: item?.receivedAt ?? '',
    consent: item?.consent ?? false,
    isActive: item?.isActive ?? false,
  });
  const form = useContentForm({
    ...props,
    noun: 'testimonial',
    Noun: 'Testimonial',
    schema: testimonialInputSchema,
    send,
  });
  const { id, errors } = form;
  const consentError = errors.consent?.[0];

  const submit = () => void form.save(values);

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
        {(control) => <input {...control} {...text('title')} />}
      </Field>
      <Field
        id={id('position')}
        name="position"
        label="Position (optional)"
        error={errors.position?.[0]}
        hint="For example: First home buyer"
      >
        {(control) => <input {...control} {...text('position')} />}
      </Field>
      <Field id={id('content')} name="content" label="Content" required error={errors.content?.[0]}>
        {(control) => <textarea {...control} rows={4} {...text('content')} />}
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
              <input {...control} list={id('sources')} {...text('source')} />
              <datalist id={id('sources')}>
                {TESTIMONIAL_SOURCES.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id={id('receivedAt')} name="receivedAt" label="Date received" required error={errors.receivedAt?.[0]}>
          {(control) => <input {...control} type="date" {...text('receivedAt')} />}
        </Field>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id('consent')}
            name="consent"
            type="checkbox"
            {...checkbox('consent')}
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
          checked={values.isActive}
          onChange={(on) => set('isActive', on)}
          labelledBy={`${id('active')}-label`}
          describedBy={`${id('active')}-hint`}
        />
      </SwitchRow>
    </ContentFormShell>
  );
}
