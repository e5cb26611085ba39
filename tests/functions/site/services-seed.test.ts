/**
 * The default services are put into the store once (docs/decisions/007-site-content-from-the-store.md): once seeded the
 * store alone decides what the landing page shows, even when staff deleted everything.
 */
import { describe, expect, it } from 'vitest';
import { deleteService, listServices, seedDefaultServices } from '#server/repositories/services-store.ts';
import { SERVICES } from '#src/content/services.ts';
import { getActiveServices } from '#src/data/published.ts';
import { useBlobs } from '../harness.ts';

useBlobs();

describe('the default services', () => {
  it('seed once, and then leave the store to decide', async () => {
    expect(await seedDefaultServices(SERVICES)).toBe(true);
    const seeded = await listServices();
    expect(seeded.map((service) => service.id)).toEqual(SERVICES.map((service) => service.id));
    const review = seeded.find((service) => service.id === 'contract-review')!;
    const defaults = SERVICES.find((service) => service.id === 'contract-review')!;
    expect(review).toMatchObject({ title: defaults.title, icon: defaults.icon, features: [...defaults.features] });

    // A second seed (another instance, a restart) changes nothing.
    for (const service of seeded) await deleteService(service.id);
    expect(await seedDefaultServices(SERVICES)).toBe(false);
    expect(await listServices()).toEqual([]);
    expect(await getActiveServices()).toEqual([]);
  });
});
