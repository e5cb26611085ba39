/**
 * The staff routes shared by testimonials and services: list, switch on/off, delete.
 */
import { activeToggleSchema } from '../../../src/shared/schemas/toggle.ts';
import { requireStaff } from './auth.ts';
import type { ToggleResult } from './repositories/toggleable.ts';
import { HttpError, json, noContent, readJson, validate, type RouteHandler } from './http.ts';

interface Repository<T> {
  list(): Promise<T[]>;
  setActive(id: string, isActive: boolean): Promise<ToggleResult<T>>;
  remove(id: string): Promise<boolean>;
}

export function toggleRoutes<T>(
  resource: 'testimonials' | 'services',
  noun: string,
  repository: Repository<T>,
  onChange: () => Promise<unknown> = async () => undefined,
): Record<string, RouteHandler> {
  const missing = () => new HttpError(404, `That ${noun} no longer exists`);
  return {
    [`GET /api/admin/${resource}`]: async (req) => {
      await requireStaff(req);
      return json(await repository.list());
    },
    [`PUT /api/${resource}/:id`]: async (req, { id }) => {
      await requireStaff(req);
      const { isActive } = validate(activeToggleSchema, await readJson(req));
      const result = await repository.setActive(id!, isActive);
      if (!result.ok && result.reason === 'not-found') throw missing();
      if (!result.ok) throw new HttpError(409, `That ${noun} kept changing while we saved it. Please try again.`);
      await onChange();
      return json(result.record);
    },
    [`DELETE /api/${resource}/:id`]: async (req, { id }) => {
      await requireStaff(req);
      if (!(await repository.remove(id!))) throw missing();
      await onChange();
      return noContent();
    },
  };
}
