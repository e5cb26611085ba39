/**
 * Serving declared routes (decision 054): the declaration in src/shared/api/ says who may call
 * a route and what body it takes, so this checks the caller and parses the body before the
 * handler runs, and the handler's answer is typed by the declared output. The result is a
 * method table for `handle()`, which still dispatches by the function's `config.path` (Netlify
 * reads that statically, so it stays a literal in the function) and throws at import if the two
 * differ.
 */
import {
  bodyMayBeLeftOut,
  type AnswerOf,
  type ApiRoute,
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '#src/shared/api/contract.ts';
import { toFieldErrors } from '#src/shared/schemas/fields.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';
import { PASSKEY_REQUIRED, PRINCIPAL_ONLY, requireSession, type VerifiedSession } from './auth.ts';
import {
  HttpError,
  json,
  mediaType,
  noContent,
  readJson,
  sentNothing,
  validate,
  type RouteContext,
  type Routes,
} from './http.ts';

/** What a declared route's handler is given: the checked caller, its path's parameters and its parsed body. */
export interface Call<R extends ApiRoute> {
  req: Request;
  context: RouteContext;
  params: ParamsOf<R>;
  /** The parsed query string; `undefined` for a route that reads none. */
  query: ParsedQueryOf<R>;
  body: ParsedBodyOf<R>;
  /** The signed-in caller; none for a public route. */
  user: R['access'] extends 'public' ? undefined : SessionUser;
  /** The caller's session (its account as read, its id); none for a public route. */
  session: R['access'] extends 'public' ? undefined : VerifiedSession;
  /** Headers for the answer, of those the route declares (`answerHeaders`). */
  headers: Headers;
}

export type DeclaredHandler<R extends ApiRoute> = (call: Call<R>) => Promise<AnswerOf<R>>;

/**
 * A form post's handler (a route declared `formPost`): the checked caller and its path's
 * parameters; it reads the form itself (a form's fields are text, read by the route's schema
 * after the form's own conversion) and answers the page or the 303 a browser follows.
 */
export type FormHandler<R extends ApiRoute> = (call: Omit<Call<R>, 'body' | 'query' | 'headers'>) => Promise<Response>;

/** The form handlers, under the names of the routes declared `formPost` (`declared()` checks both ways). */
export type FormHandlers<Declarations extends Record<string, ApiRoute>> = {
  [Name in keyof Declarations]?: FormHandler<Declarations[Name]>;
};

/** One handler per declared route, under the declaration's own name. */
export type DeclaredHandlers<Declarations extends Record<string, ApiRoute>> = {
  [Name in keyof Declarations]: DeclaredHandler<Declarations[Name]>;
};

/** The caller's session as the route's access asks (requireStaff and requirePrincipal as they check it). */
async function caller(route: ApiRoute, req: Request): Promise<VerifiedSession | undefined> {
  if (route.access === 'public') return undefined;
  const pending = route.access === 'password-pending' || route.access === 'signed-in';
  const session = await requireSession(req, {
    allowPendingPasskey: pending || route.access === 'passkey-pending',
    allowPendingPasswordChange: pending,
  });
  // Waiting for a passkey, only the initial password may still be changed (its own forced step comes first).
  if (route.access === 'password-pending' && session.user.passkeyRequired && !session.account.mustChangePassword)
    throw new HttpError(403, PASSKEY_REQUIRED);
  if (route.access === 'principal' && session.user.role !== 'principal') throw new HttpError(403, PRINCIPAL_ONLY);
  return session;
}

/** The query string's parameters, the first value of each, as the route's query schema reads them. */
function queryOf(route: ApiRoute, req: Request): unknown {
  if (!route.query) return undefined;
  const raw: Record<string, string> = {};
  for (const [name, value] of new URL(req.url).searchParams) if (!(name in raw)) raw[name] = value;
  const parsed = route.query.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { error, fieldErrors } = route.queryRefusal?.(parsed.error) ?? {
    error: 'Please check the highlighted fields',
    fieldErrors: toFieldErrors(parsed.error),
  };
  throw new HttpError(400, error, fieldErrors ? { fieldErrors } : {});
}

async function bodyOf(route: ApiRoute, req: Request): Promise<unknown> {
  if (!route.input) return undefined;
  // Left out (no Content-Type, nothing sent): `undefined` for its schema, so a handler can tell
  // it from an explicit `{}` (a due-diligence submit with none submits the stored draft).
  if (bodyMayBeLeftOut(route) && (await sentNothing(req))) return undefined;
  const raw = await readJson(req);
  const schema = route.inputFor?.(raw) ?? route.input;
  if (!route.fieldErrors) return validate(schema, raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(400, 'Please check the highlighted fields', { fieldErrors: route.fieldErrors(parsed.error) });
  return parsed.data;
}

/** A handler's own `Response` for a route whose answer is not JSON, checked against its `answerType`. */
function madeAnswer(route: ApiRoute, answer: unknown): Response {
  const type = route.answerType!;
  const ofType = (made: Response) =>
    type.endsWith('/*') ? mediaType(made).startsWith(type.slice(0, -1)) : mediaType(made) === type;
  // A page, or a See Other to one (a sign-in link that starts a session).
  const redirect = (made: Response) => type === 'text/html' && made.status === 303;
  if (!(answer instanceof Response) || !(ofType(answer) || redirect(answer))) {
    throw new Error(`${route.method} ${route.path} must answer a Response of ${route.answerType}`);
  }
  return answer;
}

const isFormPost = (req: Request) => mediaType(req) === 'application/x-www-form-urlencoded';

/**
 * The method table `handle()` dispatches, for these declarations and their handlers, and the
 * form handlers of the routes a plain HTML form posts to.
 */
export function declared<Declarations extends Record<string, ApiRoute>>(
  declarations: Declarations,
  handlers: DeclaredHandlers<Declarations>,
  forms: FormHandlers<Declarations> = {},
): Routes {
  const routes: Routes = {};
  for (const name of Object.keys(forms)) {
    if (!declarations[name]?.formPost) throw new Error(`${name} has a form handler but is not declared formPost`);
  }
  for (const [name, route] of Object.entries(declarations)) {
    const handler = handlers[name] as DeclaredHandler<ApiRoute>;
    const form = forms[name] as FormHandler<ApiRoute> | undefined;
    if (route.formPost && !form)
      throw new Error(`${route.method} ${route.path} is declared formPost but has no form handler`);
    const methods = (routes[route.path] ??= {});
    if (methods[route.method]) throw new Error(`${route.method} ${route.path} is declared twice`);
    const settable = new Set((route.answerHeaders ?? []).map((name) => name.toLowerCase()));
    methods[route.method] = async (req, context) => {
      const session = await caller(route, req);
      if (form && isFormPost(req)) {
        return form({ req, context, params: context.params, user: session?.user, session } as Parameters<
          FormHandler<ApiRoute>
        >[0]);
      }
      const query = queryOf(route, req);
      const body = await bodyOf(route, req);
      const headers = new Headers();
      const answer = await handler({
        req,
        context,
        params: context.params,
        query,
        body,
        user: session?.user,
        session,
        headers,
      } as Call<ApiRoute>);
      const response = route.answerType
        ? madeAnswer(route, answer)
        : route.status === 204
          ? noContent()
          : json(answer, route.status ?? 200);
      for (const [name, value] of headers) {
        if (!settable.has(name)) throw new Error(`${route.method} ${route.path} does not declare the header ${name}`);
        response.headers.append(name, value);
      }
      return response;
    };
  }
  return routes;
}
