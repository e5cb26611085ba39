/**
 * docs/openapi.json, made from the route declarations (src/shared/api/, decision 054) with
 * zod's own JSON Schema output (OpenAPI 3.1 takes JSON Schema 2020-12 as it is). Written by
 * `npm run openapi`; tests/unit/api-contract.test.ts checks the file is what this makes and
 * that it validates as OpenAPI 3.1.
 */
import * as z from 'zod/mini';
import { bodyMayBeLeftOut, type ApiRoute } from '#src/shared/api/contract.ts';
import { API } from '#src/shared/api/index.ts';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no body',
  400: 'The body or a field is not valid (fieldErrors by field)',
  401: 'Not signed in',
  403: 'Signed in, but not allowed (or the initial password is not yet changed)',
  404: 'No such record',
  409: 'Refused by the record’s state or a newer version',
  410: 'The link has ended (revoked, replaced or past its time)',
  413: 'The body is over 64 KB',
  415: 'The body is not JSON (or, for a file, not of a type the route takes)',
  422: 'The file is of the right type but refused (an image too large in pixels)',
  429: 'Too many requests; Retry-After says when to try again',
  503: 'Storage is out of reach; try again shortly',
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

/** zod's JSON Schema, without the `$schema` key an embedded schema must not carry. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** The query schema's parameters, each with its own schema, as OpenAPI lists them. */
function queryParameters(route: ApiRoute) {
  if (!route.query) return [];
  const { properties = {}, required = [] } = jsonSchema(route.query, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
}

/**
 * The body's schema, and whether it may be left out (`z.optional(schema)`); a route a plain
 * HTML form posts to takes the same fields form-encoded.
 */
function requestBody(route: ApiRoute & { input: z.ZodMiniType }) {
  // zod's JSON Schema of `z.optional(schema)` is the schema's: the optional is the `required` below.
  const schema = jsonSchema(route.input, 'input');
  return {
    required: !bodyMayBeLeftOut(route),
    content: {
      'application/json': { schema },
      ...(route.formPost ? { 'application/x-www-form-urlencoded': { schema } } : {}),
    },
  };
}

/** A form post's answer: never JSON, but the page that says what happened, or a 303 to it. */
const FORM_POST_ANSWER = {
  303: {
    description:
      'A form-encoded post (no JavaScript): See Other, to the page that says what happened (or the form again as a 400 page with what to fix)',
    headers: { Location: { schema: { type: 'string' } } },
  },
};

function operation(name: string, route: ApiRoute) {
  const parameters = [
    ...[...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(([, param]) => ({
      name: param!,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...queryParameters(route),
  ];
  const success = route.status ?? 200;
  return {
    operationId: name,
    summary: route.summary,
    'x-access': route.access,
    // A public route needs no session (an empty list overrides any default).
    security: route.access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.input ? { requestBody: requestBody({ ...route, input: route.input }) } : {}),
    // A file's own bytes (an upload): the types it takes, judged by the bytes.
    ...(route.fileBody
      ? {
          requestBody: {
            required: true,
            content: { [route.fileBody]: { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses: {
      [success]: {
        description: STATUS_TEXT[success],
        ...(route.answerHeaders?.length
          ? {
              headers: Object.fromEntries(
                route.answerHeaders.map((header) => [header, { schema: { type: 'string' } }]),
              ),
            }
          : {}),
        ...(success === 204
          ? {}
          : route.answerType
            ? // The handler's own bytes (a PDF, a CSV, a page): no JSON Schema describes them.
              { content: { [route.answerType]: { schema: { type: 'string', format: 'binary' } } } }
            : { content: { 'application/json': { schema: jsonSchema(route.output, 'output') } } }),
      },
      ...(route.formPost ? FORM_POST_ANSWER : {}),
      ...Object.fromEntries(
        route.refusals.map((status) => [
          status,
          {
            description: STATUS_TEXT[status],
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [resource, routes] of Object.entries(API)) {
    for (const [name, route] of Object.entries(routes) as [string, ApiRoute][]) {
      (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(`${resource}.${name}`, route);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Practice website and staff portal API',
      version: '1',
      description:
        'The routes declared in src/shared/api/ (docs/api.md describes every route in words). Staff routes take the session cookie set by POST /api/login.',
    },
    components: {
      securitySchemes: {
        // `staff_session` over plain HTTP (this machine), `__Host-staff_session` over HTTPS.
        session: { type: 'apiKey', in: 'cookie', name: '__Host-staff_session' },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
