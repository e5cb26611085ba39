/** Tab 3: the services staff switch on and off. */
import type { Service } from '../../shared/schemas/toggle.ts';
import { ToggleItemsTab } from './ToggleItemsTab.tsx';

export default function ServicesTab() {
  return (
    <ToggleItemsTab<Service>
      heading="Services"
      intro="Switch services on or off, or delete ones you no longer offer."
      noun="service"
      Noun="Service"
      plural="services"
      empty="No services available."
      listPath="/api/admin/services"
      itemPath="/api/services"
      renderBody={(service) => <p className="mt-2 whitespace-pre-line text-slate-800">{service.description}</p>}
    />
  );
}
