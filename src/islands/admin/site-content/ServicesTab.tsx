/** Tab 3: the services of the landing page: add, edit, switch on and off, delete. */
import { FEATURES_SHOWN } from '#src/content/services.ts';
import { callApi } from '#src/lib/api.ts';
import { servicesRoutes } from '#src/shared/api/services.ts';
import { SERVICE_ICON_LABELS, type Service } from '#src/shared/schemas/service.ts';
import { ServiceForm } from './ServiceForm.tsx';
import { ToggleItemsTab, type ToggleItemsApi } from './ToggleItemsTab.tsx';

const api: ToggleItemsApi<Service> = {
  list: () => callApi(servicesRoutes.list),
  setActive: (id, isActive) => callApi(servicesRoutes.update, { params: { id }, body: { isActive } }),
  remove: (id) => callApi(servicesRoutes.remove, { params: { id } }),
};

export default function ServicesTab() {
  return (
    <ToggleItemsTab<Service>
      heading="Services"
      intro="The services on the landing page, in this order. Changes reach the site with the next rebuild."
      noun="service"
      Noun="Service"
      plural="services"
      empty="No services available."
      api={api}
      Form={ServiceForm}
      renderBody={(service) => (
        <>
          <p className="mt-2 whitespace-pre-line text-slate-800">{service.description}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
            <dt className="font-semibold">Icon</dt>
            <dd>{SERVICE_ICON_LABELS[service.icon]}</dd>
            <dt className="font-semibold">Features</dt>
            <dd>
              {service.features.length} ({service.features.slice(0, FEATURES_SHOWN).join('; ')}
              {service.features.length > FEATURES_SHOWN ? '; …' : ''})
            </dd>
            <dt className="font-semibold">Time frame</dt>
            <dd>{service.timeFrame || '—'}</dd>
            <dt className="font-semibold">Areas</dt>
            <dd>{service.serviceAreas.join(', ') || '—'}</dd>
          </dl>
        </>
      )}
    />
  );
}
