/**
 * The staff routes shared by testimonials and services: list, create, full update or the
 * API's switch (`{ isActive }`), delete. Every change asks for a rebuild, since the
 * landing page shows these records from its build.
 */
import type * as z from 'zod/mini';
import { activeToggleSchema, isToggleBody } from '../../../../src/shared/schemas/toggle.ts';
import { requireStaff } from '../http/auth.ts';
import { HttpError, json, noContent, readJson, validate, type RouteContext, type Routes } from '../http/http.ts';
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
  /** The full create/update body, shared with the staff form. */
  inputSchema: S;
  /** The stored fields from a validated body (without `version`). */
  fields: (input: z.output<S>) => F;
  /** Why the record may not be switched on, as a field error on `isActive` / the form field. */
  refusal: { message: string; field: string };
  /** Runs before every staff call (the services' one-time seed). */
  before?: () => Promise<unknown>;
}

export function contentRoutes<T extends { id: string }, F, S extends z.ZodMiniType>(
  options: ContentRoutesOptions<T, F, S>,
): Routes {
  const { resource, noun, repository } = options;
  const staff = async (req: Request) => {
    const user = await requireStaff(req);
    await options.before?.();
    return user;
  };
  /** e.g. `services.update`; the record by id only. */
  const audit = (by: AuditActor, verb: string, target: string) =>
    recordAudit({ by, action: `${resource}.${verb}`, target });

  /** Maps a repository outcome to an answer; each 409 says what happened and how to go on. */
  async function answer(
    result: SaveResult<T>,
    status: number,
    refusalField: string,
    audited: { by: AuditActor; verb: string },
    context: RouteContext,
  ): Promise<Response> {
    if (result.ok) {
      await audit(audited.by, audited.verb, result.record.id);
      context.waitUntil(rebuildAfterChange());
      return json(result.record, status);
    }
    switch (result.reason) {
      case 'not-found':
        throw new HttpError(404, `That ${noun} no longer exists`);
      case 'conflict':
        throw new HttpError(
          409,
          `Someone else changed this ${noun} since you opened it. Your changes are still in the form: check the latest version, then save again to replace it.`,
        );
      case 'refused':
        throw new HttpError(400, options.refusal.message, {
          fieldErrors: { [refusalField]: [options.refusal.message] },
        });
    }
  }

  return {
    [`/api/admin/${resource}`]: {
      GET: async (req) => {
        await staff(req);
        return json(await repository.list());
      },
    },
    [`/api/${resource}`]: {
      POST: async (req, context) => {
        const by = await staff(req);
        const input = validate(options.inputSchema, await readJson(req));
        return answer(
          await repository.create(options.fields(input)),
          201,
          options.refusal.field,
          { by, verb: 'create' },
          context,
        );
      },
    },
    [`/api/${resource}/:id`]: {
      PUT: async (req, context) => {
        const { id } = context.params;
        const by = await staff(req);
        const body = await readJson(req);
        if (isToggleBody(body)) {
          const { isActive, version } = validate(activeToggleSchema, body);
          const verb = isActive ? 'activate' : 'deactivate';
          return answer(await repository.setActive(id!, isActive, version), 200, 'isActive', { by, verb }, context);
        }
        const input = validate(options.inputSchema, body) as z.output<S> & { version?: string };
        const result = await repository.update(id!, options.fields(input), input.version);
        return answer(result, 200, options.refusal.field, { by, verb: 'update' }, context);
      },
      DELETE: async (req, { params: { id }, waitUntil }) => {
        const by = await staff(req);
        if (!(await repository.remove(id!))) throw new HttpError(404, `That ${noun} no longer exists`);
        await audit(by, 'delete', id!);
        waitUntil(rebuildAfterChange());
        return noContent();
      },
    },
  };
}
