/**
 * The default services are put into the store once (docs/decisions/007-site-content-from-the-store.md): a store seeded
 * by the older seed gets the card fields while keeping what staff set, and once seeded the
 * store alone decides what the landing page shows, even when staff deleted everything.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import {
  deleteService,
  listServices,
  seedDefaultServices,
} from '../../netlify/functions/_shared/repositories/services.ts';
import { SERVICES } from '../../src/content/services.ts';
import { getActiveServices } from '../../src/data/published.ts';
import { useBlobs } from './harness.ts';

useBlobs();

describe('the default services', () => {
  it('upgrade a record of the older seed, seed once, and then leave the store to decide', async () => {
    const raw = getStore({ name: 'services', consistency: 'strong' });
    await raw.setJSON('contract-review', { id: 'contract-review', title: 'Contract Review (ours)', description: 'Ours', isActive: false });

    expect(await seedDefaultServices(SERVICES)).toBe(true);
    const seeded = await listServices();
    expect(seeded.map((service) => service.id)).toEqual(SERVICES.map((service) => service.id));
    const review = seeded.find((service) => service.id === 'contract-review')!;
    const defaults = SERVICES.find((service) => service.id === 'contract-review')!;
    expect(review).toMatchObject({ title: 'Contract Review (ours)', description: 'Ours', isActive: false, icon: defaults.icon, features: [...defaults.features] });

    // A second seed (another instance, a restart) changes nothing.
    for (const service of seeded) await deleteService(service.id);
    expect(await seedDefaultServices(SERVICES)).toBe(false);
    expect(await listServices()).toEqual([]);
    expect(await getActiveServices()).toEqual([]);
  });
});
