/**
 * One contract between browser and server (decision 054). A route is declared once, in the
 * module of its resource under src/shared/api/: method, path (the spec's, exactly), who may
 * call it, the body it takes and the answer it gives, as zod schemas, and the refusals it can
 * give. The function serves it through `serve()` (netlify/functions/_shared/http/serve.ts),
 * which checks the caller and parses the body by it and types the handler's answer by it; the
 * islands call it through `callApi()` (src/lib/api.ts), whose arguments and answer are typed
 * by it; docs/openapi.json is generated from it (`npm run openapi`).
 */
import type * as z from 'zod/mini';
import type { FieldErrors } from '../schemas/fields.ts';

/** HEAD only where a route is fetched by crawlers and link checkers (an image's headers). */
export type ApiMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, checked by `serve()` before its handler runs:
 * `staff`, any signed-in staff member; `principal`, a principal's account only;
 * `passkey-pending`, any signed-in staff member, also in a session that waits for a required
 * passkey (the few routes that lead out of it); `password-pending`, any signed-in staff member,
 * also while an initial password is still to be changed, and a session waiting for a required
 * passkey only while its initial password is too (that forced step comes first: changing it);
 * `signed-in`, any signed-in staff member whatever their session still waits for (who is
 * signed in); `public`, anyone (no session is read).
 */
export type Access = 'staff' | 'principal' | 'passkey-pending' | 'password-pending' | 'signed-in' | 'public';

/** The statuses a route may answer besides its success (the body is always `{ error, fieldErrors? }`). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface ApiRoute<
  Method extends ApiMethod = ApiMethod,
  Path extends string = string,
  Input extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Output extends z.ZodMiniType = z.ZodMiniType,
  Who extends Access = Access,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  method: Method;
  /** As Netlify's `config.path` spells it: `/api/settings/claims/:claim/confirm`. */
  path: Path;
  /** One line for people (docs/openapi.json's summary). */
  summary: string;
  access: Who;
  /**
   * The query string, when the route reads one: an object schema over its parameters as
   * strings (the first value of each), parsed before the body.
   */
  query?: Query;
  /**
   * The refusal for a query the schema refuses, when it is not the schema's messages by
   * field under 'Please check the highlighted fields'.
   */
  queryRefusal?: (error: z.core.$ZodError) => { error: string; fieldErrors?: FieldErrors };
  /**
   * The JSON body, when the route takes one; `z.optional(schema)` for a body that may be left
   * out (a request with no body and no Content-Type reaches the handler as `undefined`).
   */
  input?: Input;
  /**
   * For an input that is a union its bodies' keys tell apart (a switch `{ isActive }` or the
   * whole record): the member that reads this body, so its field errors are that member's.
   */
  inputFor?: (body: Record<string, unknown>) => z.ZodMiniType;
  /**
   * For a route whose body is a file's own bytes (an image upload), not JSON: the types it
   * takes. The handler reads and judges the bytes (never the Content-Type the sender claims);
   * the islands send it with `callUpload`.
   */
  fileBody?: 'image/*';
  /**
   * Field errors for a body the input refuses, when the form shows them elsewhere than under
   * each field's own name (the settings' claims); else the schema's messages by field.
   */
  fieldErrors?: (error: z.core.$ZodError) => FieldErrors;
  output: Output;
  /**
   * The answer's media type when it is not JSON (the signed PDF): the handler makes the whole
   * `Response` (declare `madeResponse` as output) and `serve()` checks it is of this type
   * (of this family, for `image/*`); a page route may also answer a 303 to a page.
   */
  answerType?: 'application/pdf' | 'text/calendar' | 'text/csv' | 'text/html' | 'image/*';
  /**
   * A plain HTML form may post here too (no JavaScript, or before an island hydrates): a
   * form-encoded body goes to the route's form handler (`declared()`'s third argument), which
   * reads the form by the same schema and answers a page or a 303 to one, never JSON.
   */
  formPost?: true;
  /** The success status: 200 unless said; 204 answers no body (declare `z.undefined()` as output). */
  status?: 200 | 201 | 202 | 204;
  /** Headers the handler may set on its answer (`Set-Cookie`), beside the JSON ones. */
  answerHeaders?: readonly string[];
  refusals: readonly RefusalStatus[];
}

/**
 * True when the route's body may be left out (`z.optional(schema)`), read from what the schema
 * accepts rather than how it is built.
 */
export const bodyMayBeLeftOut = (route: ApiRoute): boolean => route.input?.safeParse(undefined).success === true;

/** Declares a route; the literal types of its method and path are kept for the callers. */
export const route = <
  const Method extends ApiMethod,
  const Path extends string,
  Output extends z.ZodMiniType,
  Input extends z.ZodMiniType | undefined = undefined,
  const Who extends Access = Access,
  Query extends z.ZodMiniType | undefined = undefined,
>(
  declaration: ApiRoute<Method, Path, Input, Output, Who, Query>,
): ApiRoute<Method, Path, Input, Output, Who, Query> => declaration;

/** The names of a path's parameters: `/a/:id/b/:key` → `'id' | 'key'`. */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<R extends ApiRoute> = { [Name in ParamNames<R['path']>]: string };
/** The route's body schema, or `never` for a route that takes no body. */
type InputSchemaOf<R extends ApiRoute> = NonNullable<R['input']>;
/** True when the route takes a body. */
export type TakesBody<R extends ApiRoute> = [InputSchemaOf<R>] extends [never] ? false : true;
/** What a caller sends: the schema's input (before defaults and transforms). */
export type BodyOf<R extends ApiRoute> = z.input<InputSchemaOf<R>>;
/** What the handler gets: the schema's output, `undefined` for a route that takes no body. */
export type ParsedBodyOf<R extends ApiRoute> = TakesBody<R> extends true ? z.output<InputSchemaOf<R>> : undefined;
/** What the route answers. */
export type AnswerOf<R extends ApiRoute> = z.output<R['output']>;

/** The route's query schema, or `never` for a route that reads no query. */
type QuerySchemaOf<R extends ApiRoute> = NonNullable<R['query']>;
/** True when the route reads a query string. */
export type TakesQuery<R extends ApiRoute> = [QuerySchemaOf<R>] extends [never] ? false : true;
/** What a caller puts in the query string: the schema's input (left-out parameters are not sent). */
export type QueryOf<R extends ApiRoute> = z.input<QuerySchemaOf<R>>;
/** What the handler gets: the schema's output, `undefined` for a route that reads no query. */
export type ParsedQueryOf<R extends ApiRoute> = TakesQuery<R> extends true ? z.output<QuerySchemaOf<R>> : undefined;
/** True when a caller may leave the body out (`z.optional(schema)`). */
type BodyOptional<R extends ApiRoute> = undefined extends BodyOf<R> ? true : false;

/**
 * The arguments `callApi` takes after the route: params when the path has any, a body when it
 * takes one (it may be left out when it is optional), a query when the route reads one.
 */
export type CallArgs<R extends ApiRoute> = ([ParamNames<R['path']>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<R> }) &
  (TakesBody<R> extends true
    ? BodyOptional<R> extends true
      ? { body?: BodyOf<R> }
      : { body: BodyOf<R> }
    : { body?: never }) &
  (TakesQuery<R> extends true ? { query?: QueryOf<R> } : { query?: never });

/** `callApi`'s arguments may be left out when the route needs neither parameters nor a body. */
export type CallArgsList<R extends ApiRoute> = [ParamNames<R['path']>] extends [never]
  ? TakesBody<R> extends true
    ? BodyOptional<R> extends true
      ? [args?: CallArgs<R>]
      : [args: CallArgs<R>]
    : [args?: CallArgs<R>]
  : [args: CallArgs<R>];

/** The query string for `query` (`?a=1&b=x`, or '' when it has nothing): left-out parameters are not sent. */
export function queryStringOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path with each `:name` filled (URI-encoded) from `params`; throws when one is missing. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
