/** Create or edit a service with every field its landing-page card shows. */
import { useState } from 'react';
import {
  SERVICE_ICON_LABELS,
  SERVICE_ICONS,
  serviceInputSchema,
  type Service,
  type ServiceIcon,
} from '../../../shared/schemas/service.ts';
import { Field } from '../../../ui/Field.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { ContentFormShell, linesOf, SwitchRow, useContentForm, type ContentFormProps } from '../kit/ContentForm.tsx';

const FIELD_ORDER = ['title', 'description', 'icon', 'features', 'timeFrame', 'serviceAreas'] as const;

export function ServiceForm(props: ContentFormProps<Service>) {
  const { item } = props;
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [icon, setIcon] = useState<ServiceIcon | ''>(item?.icon ?? '');
  const [features, setFeatures] = useState(item?.features.join('\n') ?? '');
  const [timeFrame, setTimeFrame] = useState(item?.timeFrame ?? '');
  const [serviceAreas, setServiceAreas] = useState(item?.serviceAreas.join('\n') ?? '');
  const [isActive, setIsActive] = useState(item?.isActive ?? true);
  const form = useContentForm<Service>({
    ...props,
    noun: 'service',
    Noun: 'Service',
    path: '/api/services',
    schema: serviceInputSchema,
    fieldOrder: FIELD_ORDER,
  });
  const { id, errors } = form;

  const submit = () =>
    void form.save({
      title,
      description,
      icon,
      features: linesOf(features),
      timeFrame,
      serviceAreas: linesOf(serviceAreas),
      isActive,
    });

  return (
    <ContentFormShell form={form} noun="service" Noun="Service" onSubmit={submit} onCancel={props.onCancel}>
      <Field id={id('title')} name="title" label="Title" required error={errors.title?.[0]}>
        {(control) => <input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </Field>
      <Field id={id('description')} name="description" label="Description" required error={errors.description?.[0]}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <Field id={id('icon')} name="icon" label="Icon" required error={errors.icon?.[0]}>
        {(control) => (
          <select {...control} value={icon} onChange={(event) => setIcon(event.target.value as ServiceIcon)}>
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
        {(control) => (
          <textarea {...control} rows={5} value={features} onChange={(event) => setFeatures(event.target.value)} />
        )}
      </Field>
      <Field
        id={id('timeFrame')}
        name="timeFrame"
        label="Time frame"
        required
        error={errors.timeFrame?.[0]}
        hint="For example: 2-3 weeks. {typical settlement}, {commercial settlement}, {contract review} or {off the plan} prints that figure from Settings › Public claims, so the card follows it."
      >
        {(control) => <input {...control} value={timeFrame} onChange={(event) => setTimeFrame(event.target.value)} />}
      </Field>
      <Field
        id={id('serviceAreas')}
        name="serviceAreas"
        label="Service areas"
        required
        error={errors.serviceAreas?.[0]}
        hint="One suburb or region per line."
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={serviceAreas}
            onChange={(event) => setServiceAreas(event.target.value)}
          />
        )}
      </Field>
      <SwitchRow
        id={id('active')}
        label="Show on website"
        hint="Active services appear on the landing page after the next rebuild"
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
