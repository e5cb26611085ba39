/**
 * Store `services`: the services of the landing page, edited by staff. `meta/seeded`
 * records that the practice's default services (src/content/services.ts) were put in
 * once; from then on the store alone decides, even when staff delete every service.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { serviceRecordSchema, type PublicService, type Service } from '#src/shared/schemas/service.ts';
import { conditionalWrite, openStore, writeJsonIf } from './blobs.ts';
import { versionedRepository } from './toggleable.ts';

const STORE = 'services';
const SEEDED_KEY = 'meta/seeded';

const services = versionedRepository<Service>(STORE, serviceRecordSchema, {
  order: (a, b) => a.order - b.order || a.title.localeCompare(b.title, 'en-AU'),
});

export const listServices = services.list;
export const setServiceActive = services.setActive;
export const updateService = services.update;
export const deleteService = services.remove;
export const insertService = services.insert;
export const hasNoServices = services.isEmpty;

/** A new service goes after every other one. */
export async function createService(fields: Omit<Service, 'id' | 'createdAt' | 'updatedAt' | 'version' | 'order'>) {
  const last = (await services.list()).at(-1);
  return services.create({ ...fields, order: last ? last.order + 1 : 0 });
}

/** Whether the defaults were ever put in (the build shows the defaults until they were). */
export async function servicesSeeded(): Promise<boolean> {
  return (await openStore(STORE).getMetadata(SEEDED_KEY)) !== null;
}

type DefaultService = Omit<PublicService, 'features' | 'serviceAreas'> & {
  features: readonly string[];
  serviceAreas: readonly string[];
};

/**
 * Puts the defaults in, once per store: each only if its id is free, so a second seeder
 * racing this one changes nothing. Returns false when the store was seeded before.
 */
export async function seedDefaultServices(defaults: readonly DefaultService[]): Promise<boolean> {
  const store = openStore(STORE);
  if (await servicesSeeded()) return false;
  const at = new Date(currentTime()).toISOString();
  for (const [order, service] of defaults.entries()) {
    const record: Service = {
      ...service,
      features: [...service.features],
      serviceAreas: [...service.serviceAreas],
      order,
      createdAt: at,
      updatedAt: at,
      version: `seed-${service.id}`,
    };
    // One already there (a seed racing this one) is kept as it is.
    await writeJsonIf(store, service.id, record, null);
  }
  await conditionalWrite(store, SEEDED_KEY, { data: at }, null);
  return true;
}
