/**
 * Serving declared routes (decision 054): the declaration in src/shared/api/ says who may call
 * a route and what body it takes, so this checks the caller and parses the body before the
 * handler runs, and the handler's answer is typed by the declared output. The result is a
 * method table for `handle()`, which still dispatches by the function's `config.path` (Netlify
 * reads that statically, so it stays a literal in the function) and throws at import if the two
 * differ.
 */
import type { AnswerOf, ApiRoute, ParamsOf, ParsedBodyOf } from '../../../../src/shared/api/contract.ts';
import type { SessionUser } from '../../../../src/shared/schemas/login.ts';
import { requirePrincipal, requireStaff } from './auth.ts';
import { HttpError, json, noContent, readJson, validate, type RouteContext, type Routes } from './http.ts';

/** What a declared route's handler is given: the checked caller, its path's parameters and its parsed body. */
export interface Call<R extends ApiRoute> {
  req: Request;
  context: RouteContext;
  params: ParamsOf<R>;
  body: ParsedBodyOf<R>;
  /** The signed-in caller; none for a public route. */
  user: R['access'] extends 'public' ? undefined : SessionUser;
}

export type DeclaredHandler<R extends ApiRoute> = (call: Call<R>) => Promise<AnswerOf<R>>;

/** One handler per declared route, under the declaration's own name. */
export type DeclaredHandlers<Declarations extends Record<string, ApiRoute>> = {
  [Name in keyof Declarations]: DeclaredHandler<Declarations[Name]>;
};

const caller = async (route: ApiRoute, req: Request): Promise<SessionUser | undefined> =>
  route.access === 'public' ? undefined : route.access === 'principal' ? requirePrincipal(req) : requireStaff(req);

async function bodyOf(route: ApiRoute, req: Request): Promise<unknown> {
  if (!route.input) return undefined;
  const raw = await readJson(req);
  const schema = route.inputFor?.(raw) ?? route.input;
  if (!route.fieldErrors) return validate(schema, raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(400, 'Please check the highlighted fields', { fieldErrors: route.fieldErrors(parsed.error) });
  return parsed.data;
}

/** The method table `handle()` dispatches, for these declarations and their handlers. */
export function declared<Declarations extends Record<string, ApiRoute>>(
  declarations: Declarations,
  handlers: DeclaredHandlers<Declarations>,
): Routes {
  const routes: Routes = {};
  for (const [name, route] of Object.entries(declarations)) {
    const handler = handlers[name] as DeclaredHandler<ApiRoute>;
    const methods = (routes[route.path] ??= {});
    if (methods[route.method]) throw new Error(`${route.method} ${route.path} is declared twice`);
    methods[route.method] = async (req, context) => {
      const user = await caller(route, req);
      const body = await bodyOf(route, req);
      const answer = await handler({ req, context, params: context.params, body, user } as Call<ApiRoute>);
      return route.status === 204 ? noContent() : json(answer, route.status ?? 200);
    };
  }
  return routes;
}
