/** Create or edit a service with every field its landing-page card shows. */
import { callApi } from '#src/lib/api.ts';
import { servicesRoutes } from '#src/shared/api/services.ts';
import {
  SERVICE_ICON_LABELS,
  SERVICE_ICONS,
  serviceInputSchema,
  type Service,
  type ServiceInput,
} from '#src/shared/schemas/service.ts';
import { Field } from '#src/ui/Field.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { ContentFormShell, linesOf, SwitchRow, useContentForm, type ContentFormProps } from '../kit/ContentForm.tsx';
import { useSchemaFields } from '../kit/useSchemaFields.ts';

const send = (body: ServiceInput, id: string | null) =>
  id === null ? callApi(servicesRoutes.create, { body }) : callApi(servicesRoutes.update, { params: { id }, body });

export function ServiceForm(props: ContentFormProps<Service>) {
  const { item } = props;
  // The lists are edited as lines of text, one entry a line.
  const { values, text, set } = useSchemaFields(serviceInputSchema, {
    title: item?.title ?? '',
    description: item?.description ?? '',
    icon: item?.icon ?? '',
    features: item?.features.join('\n') ?? '',
    timeFrame: item?.timeFrame ?? '',
    serviceAreas: item?.serviceAreas.join('\n') ?? '',
    isActive: item?.isActive ?? true,
  });
  const form = useContentForm({
    ...props,
    noun: 'service',
    Noun: 'Service',
    schema: serviceInputSchema,
    send,
  });
  const { id, errors } = form;

  const submit = () =>
    void form.save({ ...values, features: linesOf(values.features), serviceAreas: linesOf(values.serviceAreas) });

  return (
    <ContentFormShell form={form} noun="service" Noun="Service" onSubmit={submit} onCancel={props.onCancel}>
      <Field id={id('title')} name="title" label="Title" required error={errors.title?.[0]}>
        {(control) => <input {...control} {...text('title')} />}
      </Field>
      <Field id={id('description')} name="description" label="Description" required error={errors.description?.[0]}>
        {(control) => <textarea {...control} rows={3} {...text('description')} />}
      </Field>
      <Field id={id('icon')} name="icon" label="Icon" required error={errors.icon?.[0]}>
        {(control) => (
          <select {...control} {...text('icon')}>
            <option value="">Choose an icon…</option>
            {SERVICE_ICONS.map((name) => (
              <option key={name} value={name}>
                {SERVICE_ICON_LABELS[name]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={id('features')}
        name="features"
        label="Features"
        required
        error={errors.features?.[0]}
        hint="One per line. The card shows the first 3, then '+ N more'."
      >
        {(control) => <textarea {...control} rows={5} {...text('features')} />}
      </Field>
      <Field
        id={id('timeFrame')}
        name="timeFrame"
        label="Time frame"
        required
        error={errors.timeFrame?.[0]}
        hint="For example: 2-3 weeks. {typical settlement}, {commercial settlement}, {contract review} or {off the plan} prints that figure from Settings › Public claims, so the card follows it."
      >
        {(control) => <input {...control} {...text('timeFrame')} />}
      </Field>
      <Field
        id={id('serviceAreas')}
        name="serviceAreas"
        label="Service areas"
        required
        error={errors.serviceAreas?.[0]}
        hint="One suburb or region per line."
      >
        {(control) => <textarea {...control} rows={3} {...text('serviceAreas')} />}
      </Field>
      <SwitchRow
        id={id('active')}
        label="Show on website"
        hint="Active services appear on the landing page after the next rebuild"
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
