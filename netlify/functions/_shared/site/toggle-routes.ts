/**
 * The staff routes shared by testimonials and services (declared by `toggleableRoutes` in
 * src/shared/api/content.ts): list, create, full update or the API's switch (`{ isActive }`),
 * delete. Every change asks for a rebuild, since the landing page shows these records from
 * its build.
 */
import type * as z from 'zod/mini';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import type { activeToggleSchema } from '#src/shared/schemas/toggle.ts';
import { isToggleBody } from '#src/shared/schemas/toggle.ts';
import type { RouteContext } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { rebuildAfterChange } from './rebuild.ts';
import { recordAudit, type AuditActor } from '../repositories/audit-store.ts';
import type { SaveResult } from '../repositories/toggleable.ts';

interface Repository<T, F> {
  list(): Promise<T[]>;
  create(fields: F): Promise<SaveResult<T>>;
  update(id: string, fields: F, version?: string): Promise<SaveResult<T>>;
  setActive(id: string, isActive: boolean, version?: string): Promise<SaveResult<T>>;
  remove(id: string): Promise<boolean>;
}

export interface ContentRoutesOptions<T, F, S extends z.ZodMiniType> {
  resource: 'testimonials' | 'services';
  noun: string;
  repository: Repository<T, F>;
  /** The resource's declarations (`toggleableRoutes`), whose create input `S` is. */
  routes: { create: { input?: S } };
  /** The stored fields from a body the declared input schema read (without `version`). */
  fields: (input: z.output<S>) => F;
  /** Why the record may not be switched on, as a field error on `isActive` / the form field. */
  refusal: { message: string; field: string };
  /** Runs before every staff handler, the caller checked and the body read (the services' one-time seed). */
  before?: () => Promise<unknown>;
}

/** The switch body, as `declared()` hands it over. */
type Toggle = z.output<typeof activeToggleSchema>;
interface ContentCall<Body> {
  body: Body;
  user: SessionUser;
  context: RouteContext;
}
interface ById {
  params: { id: string };
}

/**
 * The handlers for a resource's `toggleableRoutes` declarations (src/shared/api/content.ts),
 * for `declared()`: the caller is checked and the body parsed by then.
 */
export function toggleableHandlers<T extends { id: string }, F, S extends z.ZodMiniType>(
  options: ContentRoutesOptions<T, F, S>,
) {
  const { resource, noun, repository } = options;
  const audit = (by: AuditActor, verb: string, target: string) =>
    recordAudit({ by, action: `${resource}.${verb}`, target });
  /** A body the switch schema read has only its keys; the whole record always has more. */
  const switches = (body: Toggle | z.output<S>): body is Toggle => isToggleBody(body as Record<string, unknown>);

  /** The saved record, or the refusal that says what happened and how to go on. */
  async function answer(
    result: SaveResult<T>,
    refusalField: string,
    audited: { by: AuditActor; verb: string },
    context: RouteContext,
  ): Promise<T> {
    if (result.ok) {
      await audit(audited.by, audited.verb, result.record.id);
      context.waitUntil(rebuildAfterChange());
      return result.record;
    }
    switch (result.reason) {
      case 'not-found':
        throw new Refused('not-found', `That ${noun} no longer exists`);
      case 'conflict':
        throw new Refused(
          'conflict',
          `Someone else changed this ${noun} since you opened it. Your changes are still in the form: check the latest version, then save again to replace it.`,
        );
      case 'refused':
        throw new Refused('invalid', options.refusal.message, {
          fieldErrors: { [refusalField]: [options.refusal.message] },
        });
    }
  }

  return {
    list: async (): Promise<T[]> => {
      await options.before?.();
      return repository.list();
    },
    create: async ({ body, user: by, context }: ContentCall<z.output<S>>): Promise<T> => {
      await options.before?.();
      return answer(
        await repository.create(options.fields(body)),
        options.refusal.field,
        { by, verb: 'create' },
        context,
      );
    },
    update: async ({
      params: { id },
      body,
      user: by,
      context,
    }: ContentCall<Toggle | z.output<S>> & ById): Promise<T> => {
      await options.before?.();
      if (switches(body)) {
        const verb = body.isActive ? 'activate' : 'deactivate';
        return answer(await repository.setActive(id, body.isActive, body.version), 'isActive', { by, verb }, context);
      }
      const { version } = body as z.output<S> & { version?: string };
      const result = await repository.update(id, options.fields(body), version);
      return answer(result, options.refusal.field, { by, verb: 'update' }, context);
    },
    remove: async ({ params: { id }, user: by, context }: ContentCall<undefined> & ById): Promise<undefined> => {
      await options.before?.();
      if (!(await repository.remove(id))) throw new Refused('not-found', `That ${noun} no longer exists`);
      await audit(by, 'delete', id);
      context.waitUntil(rebuildAfterChange());
      return undefined;
    },
  };
}
