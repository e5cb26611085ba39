/**
 * Whatever a write is sent, the answer is a 2xx or a 4xx with a JSON error, never a 5xx. Each
 * write's own malformed requests (broken JSON, another content type, past 64 KB, fields left
 * out, a traversal as id) get their declared refusal; values of every type but text go in each
 * of its fields; and 100 generated bodies per main write endpoint check that every 2xx did what
 * it says, as the stores show afterwards. The generator is seeded (its seed is printed when a
 * case fails; FUZZ_SEED tries another), so a failure reproduces.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import * as z from 'zod/mini';
import blogPosts from '#functions/blog-posts.ts';
import enquiriesApi from '#functions/enquiries.ts';
import contact from '#functions/contact.ts';
import login from '#functions/login.ts';
import services from '#functions/services.ts';
import testimonials from '#functions/testimonials.ts';
import { seedIfEmpty } from '#scripts/seed.ts';
import { MAX_BODY_BYTES } from '#server/http/http.ts';
import type { ApiRoute } from '#src/shared/api/contract.ts';
import { API } from '#src/shared/api/index.ts';
import { call, signedInStaff, useBlobs, type CallOptions } from '../harness.ts';
import { siteFunctions } from '../routing.ts';

useBlobs();
// The due-diligence routes answer 503 without a key, before they read a body.
process.env.CDD_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SAMPLES = [
  '',
  ' ',
  'a',
  'Alex',
  'alex@example.com',
  'not an email',
  '0400 000 000',
  'Morning',
  'Evening',
  'residential-conveyancing',
  'residential-sale',
  'other',
  'contract-review',
  '2026-12-01',
  '2026-02-30',
  'valid-slug',
  'Bad Slug',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u0000',
  '🏠🔑',
  'é'.repeat(300),
  '__proto__',
  'constructor',
  'true',
  '{}',
  '%00',
  'x'.repeat(6000),
];

/** `base` makes a valid body: a third of the bodies are one with a field or two changed, so 2xx paths run too. */
function generator(seed: number, keys: string[], base?: () => Record<string, unknown>) {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const value = (depth = 0): unknown => {
    switch (Math.floor(random() * 9)) {
      case 0:
        return pick(SAMPLES);
      case 1:
        return pick(SAMPLES) + pick(SAMPLES);
      case 2:
        return Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1);
      case 3:
        return random() < 0.5;
      case 4:
        return null;
      case 5:
        return depth < 3 ? Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1)) : [];
      case 6:
        return depth < 3 ? object(depth + 1) : {};
      case 7:
        return random() * 1e308;
      default:
        return pick(SAMPLES);
    }
  };
  const object = (depth = 0) => {
    const result: Record<string, unknown> = {};
    for (const key of keys) if (random() < 0.8) result[key] = value(depth);
    if (random() < 0.2) result[pick(SAMPLES)] = value(depth);
    return result;
  };
  return (): CallOptions => {
    const roll = random();
    if (base && roll > 0.67) {
      const body = base();
      for (let i = Math.floor(random() * 3); i > 0; i--) body[pick(keys)] = value();
      return { body };
    }
    if (roll < 0.05) return { raw: pick(['', '{', 'null', '[]', '"text"', '12', '{"a":}', 'undefined']) };
    if (roll < 0.08)
      return {
        raw: JSON.stringify(object()),
        headers: { 'content-type': pick(['text/plain', 'multipart/form-data', 'application/xml']) },
      };
    if (roll < 0.1) return { body: value() };
    return { body: object() };
  };
}

const CONTACT_KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'serviceType',
  'callbackDate',
  'callbackTime',
  'message',
  'propertyAddress',
  'website',
];
const POST_KEYS = ['title', 'slug', 'excerpt', 'content', 'featuredImage', 'isPublished', 'publishedAt', 'version'];

let cookie = '';
let postId = '';
beforeAll(async () => {
  await seedIfEmpty();
  cookie = (await signedInStaff()).cookie;
  const created = await call(blogPosts, 'POST', '/api/blog-posts', {
    body: { title: 'Fuzz', slug: 'fuzz-target', content: 'x' },
    cookie,
  });
  postId = created.json.id;
});

type Sent = { request: CallOptions; status: number; json: any };
const staffList = async (handler: typeof blogPosts, path: string) =>
  (await call(handler, 'GET', path, { cookie })).json as any[];
const enquiries = () => staffList(enquiriesApi, '/api/contact-requests');
const posts = () => staffList(blogPosts, '/api/admin/blog-posts');
const ok = (sent: Sent[]) => sent.filter((s) => s.status >= 200 && s.status < 300);

/**
 * What each endpoint's 2xx answers must have done, checked against the stores (read
 * before and after each batch), not against the tally of the answers themselves.
 */
interface Effect {
  before(): Promise<unknown>;
  check(sent: Sent[], before: any): Promise<void>;
  /**
   * Checked once over all the bodies, against the store as it was before the first: for effects
   * that add up (records created), where a check after every batch would read the whole,
   * growing list after every batch and prove nothing more.
   */
  once?: boolean;
}

const enquiryEffect: Effect = {
  once: true,
  before: async () => new Set((await enquiries()).map((request) => request.id)),
  async check(sent, before: Set<string>) {
    const stored = new Map((await enquiries()).map((request) => [request.id, request]));
    // A filled honeypot is answered 201 and stored nowhere.
    const kept = ok(sent).filter(({ request }) => {
      const website = (request.body as Record<string, unknown>)?.website;
      return !(typeof website === 'string' && website !== '');
    });
    for (const { request, json } of kept) {
      expect(stored.get(json.id)?.firstName).toBe(((request.body as any).firstName as string).trim());
    }
    // The same enquiry again within minutes is one enquiry (enquiries/repeat-enquiries.ts): each
    // id answered is stored, and nothing else was added.
    const answered = new Set(kept.map(({ json }) => json.id as string));
    expect(stored.size).toBe(before.size + [...answered].filter((id) => !before.has(id)).length);
  },
};

const noSignIn: Effect = {
  before: async () => undefined,
  async check(sent) {
    expect(ok(sent)).toEqual([]); // nobody holds these credentials
  },
};

const createEffect: Effect = {
  once: true,
  before: async () => (await posts()).length,
  async check(sent, before) {
    const stored = new Map((await posts()).map((post) => [post.id, post]));
    for (const { json } of ok(sent))
      expect(stored.get(json.id)).toMatchObject({ slug: json.slug, version: json.version });
    expect(stored.size).toBe(before + ok(sent).length);
  },
};

const updateEffect: Effect = {
  before: async () => (await posts()).find((post) => post.id === postId).version,
  async check(sent, before) {
    const versions = ok(sent).map(({ json }) => json.version);
    expect(new Set([before, ...versions]).size).toBe(versions.length + 1); // every save made a new version
    const stored = (await posts()).find((post) => post.id === postId);
    expect(versions.length ? versions : [before]).toContain(stored.version);
  },
};

const toggleEffect = (handler: typeof testimonials, resource: string, id: string): Effect => ({
  before: async () => (await staffList(handler, `/api/admin/${resource}`)).find((record) => record.id === id).isActive,
  async check(sent, before) {
    for (const { request, json } of ok(sent)) expect(json.isActive).toBe((request.body as any).isActive);
    const stored = (await staffList(handler, `/api/admin/${resource}`)).find((record) => record.id === id);
    const answered = ok(sent).map(({ json }) => json.isActive);
    expect(answered.length ? answered : [before]).toContain(stored.isActive);
  },
});

let serial = 0;
const validEnquiry = () => ({
  message: `Fuzzed enquiry ${++serial}`,
  firstName: 'Alex',
  lastName: 'Citizen',
  email: 'alex@example.com',
  phone: '0400 000 000',
  serviceType: 'other',
  propertyAddress: '1 Main St',
});
const validPost = () => ({
  title: 'Fuzzed',
  slug: `fuzzed-${++serial}`,
  content: 'Body',
  isPublished: serial % 2 === 0,
});
let batch = 0;
/** One value per batch, alternating, so that a toggle that stored nothing shows after some batch. */
const validToggle = () => ({ isActive: batch % 2 === 0 });

const ENDPOINTS = [
  ['POST /api/contact', contact, 'POST', () => '/api/contact', CONTACT_KEYS, enquiryEffect, validEnquiry],
  ['POST /api/login', login, 'POST', () => '/api/login', ['username', 'password'], noSignIn, undefined],
  // Before the creates, so each batch's check reads a short list of posts, not a thousand.
  [
    'PUT /api/blog-posts/{id}',
    blogPosts,
    'PUT',
    () => `/api/blog-posts/${postId}`,
    POST_KEYS,
    updateEffect,
    () => ({ ...validPost(), slug: 'fuzz-target' }),
  ],
  ['POST /api/blog-posts', blogPosts, 'POST', () => '/api/blog-posts', POST_KEYS, createEffect, validPost],
  [
    'PUT /api/testimonials/{id}',
    testimonials,
    'PUT',
    () => '/api/testimonials/sample-sale',
    ['isActive'],
    toggleEffect(testimonials, 'testimonials', 'sample-sale'),
    validToggle,
  ],
  [
    'PUT /api/services/{id}',
    services,
    'PUT',
    () => '/api/services/commercial-property',
    ['isActive'],
    toggleEffect(services, 'services', 'commercial-property'),
    validToggle,
  ],
] as const;

/**
 * Bodies per endpoint, in batches of 25. It was 1,000, then 400 (17 s of the suite's slowest
 * file); the broken raw bodies and wrong content types the generator sends now and then are
 * each write's table below, sent every time, so the generator is the random pass over the
 * rest: 100 still send about 33 valid bodies with a field or two changed and 60 objects of
 * random fields, and 4 batches still check the stores after each one for the effects that do
 * not add up (a toggle stores each of its two values twice). The thresholds below are the
 * same share (5%).
 */
const BODIES = 100;
const BATCH = 25;

describe('generated bodies', () => {
  it.each(ENDPOINTS)(
    `%s never answers 5xx to ${BODIES} bodies`,
    async (name, handler, method, path, keys, effect, base) => {
      const seed = Number(process.env.FUZZ_SEED ?? 1) * keys.length * 7919;
      onTestFailed(() => console.error(`${name}: generated from seed ${seed}`));
      const next = generator(seed, [...keys], base);
      const sent: Sent[] = [];
      const start = await effect.before();
      for (batch = 0; batch < BODIES / BATCH; batch++) {
        const before = effect.once || batch === 0 ? start : await effect.before();
        const requests = Array.from({ length: BATCH }, () => ({ ...next(), cookie }));
        const answers = await Promise.all(requests.map((request) => call(handler, method, path(), request)));
        const batchSent = answers.map(({ status, json }, i) => ({ request: requests[i]!, status, json }));
        if (!effect.once) await effect.check(batchSent, before);
        sent.push(...batchSent);
      }
      if (effect.once) await effect.check(sent, start);
      expect(sent.filter((s) => s.status >= 500).map((s) => s.json)).toEqual([]);
      for (const { status, json } of sent) {
        if (status >= 400) expect(typeof json?.error, `${status}`).toBe('string');
      }
      // Both the accepting and the refusing paths ran (login has no accepting path here).
      if (name !== 'POST /api/login') expect(ok(sent).length).toBeGreaterThan(BODIES / 20);
      expect(sent.filter((s) => s.status === 400).length).toBeGreaterThan(BODIES / 20);
    },
    60_000,
  ); // 100 calls with their stores checked after every batch: 15 s on a busy machine
});

/**
 * Values of every type but text: an object that only pretends to be a string (`toString`),
 * arrays, numbers, null, nested objects. Nothing a client sends may reach code before its
 * schema has parsed it, so every write that reads a JSON body answers each with 400, never
 * 500. (A schema drops fields it does not have; such a body may pass and then find no
 * record at the made-up id: 404, which shows the schema came first too.)
 */
const HOSTILE: unknown[] = [
  { toString: 1 },
  { toString: {}, valueOf: 1 },
  JSON.parse('{"__proto__":{"toString":1}}'),
  ['residential-sale'],
  [{ toString: 1 }],
  0,
  -1.5e308,
  null,
  { a: { b: { toString: 1 } } },
];
/**
 * The values put in each field alone. A schema refuses every non-string alike (invalid_type):
 * what tells these apart is code that touches a value before its schema, and each of these
 * breaks a different such touch: `{ toString: 1 }` any conversion to text or method call,
 * null any property read, an array of a valid value a loose `includes` or `String()` check,
 * a huge number arithmetic and `.trim()`, an own `__proto__` a merge into an object. The
 * other HOSTILE values repeat one of these; they are still sent, in every field at once and as
 * the whole body. (All nine in each of 53 fields alone was 30,000 calls, 85 s of the suite; these
 * five in each of the 53 in every write, 15,000 calls and 40 s; now each write's own fields.)
 */
const ALONE: unknown[] = [HOSTILE[0], HOSTILE[7], HOSTILE[3], HOSTILE[6], HOSTILE[2]];
/**
 * Input fields of the schemas behind the writes (enquiries, posts, toggles, staff, settings, lead
 * desk, quote): all at once in every write, and each alone in a write no route declares.
 */
const FIELDS = [
  ...CONTACT_KEYS,
  ...POST_KEYS,
  'featuredImageAlt',
  'metaDescription',
  'quote',
  'isActive',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'status',
  'assignee',
  'lostReason',
  'text',
  'kind',
  'type',
  'description',
  'icon',
  'features',
  'timeFrame',
  'serviceAreas',
  'position',
  'source',
  'receivedAt',
  'consent',
  'name',
  'hours',
  'address',
  'price',
  'propertyType',
  'firstHomeBuyer',
  'foreignPurchaser',
  'reviewsEnabled',
  'reviewsWidgetId',
];
/** Writes that read no JSON body: nothing in it can reach code, and they answer as without one. */
const BODYLESS = new Set([
  'POST /api/site-builds',
  'POST /api/logout',
  // Signing a client out reads no body either (204, or 303 for a form).
  'POST /api/matter-sign-out',
  'POST /api/media',
  'POST /api/engagements/fuzz-id/resend',
  'POST /api/engagements/fuzz-id/revoke',
  // A client's bank details: the reveal and the second person's approval read no body.
  'POST /api/matters/fuzz-id/payout/reveal',
  'POST /api/matters/fuzz-id/payout/approve',
  // The identity page's form reads a form post, never JSON (415).
  'POST /engage/fuzz-id/identity',
]);

/** Every declared route, by its method and path as `config.path` spells it. */
const DECLARED = new Map(
  Object.values(API)
    .flatMap((group) => Object.values(group as Record<string, ApiRoute>))
    .map((route) => [`${route.method} ${route.path}`, route]),
);

/**
 * The top-level fields a route's body schema reads (each member of a union), from zod's own
 * JSON Schema. `serve()` parses the body by this schema before the handler runs, and only
 * `inputFor` reads the raw body first, by these same keys: a field outside them is dropped
 * unread, so each hostile value alone goes in these, not in every field of every write. A
 * schema that keeps fields it does not name (a record) gets every field of FIELDS as well.
 */
function fieldsOf(route: ApiRoute): string[] {
  const fields = new Set<string>();
  let open = false;
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (schema.properties) for (const field of Object.keys(schema.properties)) fields.add(field);
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) open = true;
    for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[key])) schema[key].forEach(walk);
  };
  walk(z.toJSONSchema(route.input!, { io: 'input', unrepresentable: 'any' }));
  return open ? [...new Set([...fields, ...FIELDS])] : [...fields];
}

/** A request that is not a JSON object of the route's fields, and the refusal it must get. */
interface Malformed {
  what: string;
  request: CallOptions;
  /** The refusal, or either of two where the route's schema decides which comes first. */
  status: number | number[];
  /** Another address than the write's own (its ids replaced). */
  path?: string;
}
/** A path traversal as an id: it must reach no file or record, and is refused like any other id. */
const TRAVERSAL = encodeURIComponent('../../../etc/passwd');
/**
 * Each declared write's own table of malformed bodies (readJson's and the schema's refusals,
 * checked before the handler looks at the id): what the random bodies only sometimes sent.
 */
function malformedFor(route: ApiRoute): Malformed[] {
  const [first = 'field'] = fieldsOf(route);
  const text = (raw: string, type: string) => ({ raw, headers: { 'content-type': type } });
  return [
    ...['{', '{"a":}', 'undefined', '{"a":1}{"b":2}'].map((raw) => ({
      what: `invalid JSON ${raw}`,
      request: { raw },
      status: 400,
    })),
    { what: 'JSON that is text, not an object', request: { raw: '"text"' }, status: 400 },
    { what: 'an empty body declared JSON', request: { raw: '' }, status: 400 },
    ...['text/plain', 'multipart/form-data', 'application/xml'].map((type) => ({
      what: `JSON sent as ${type}`,
      request: text('{}', type),
      status: 415,
    })),
    {
      what: 'a body over 64 KB',
      request: { body: { [first]: 'x'.repeat(MAX_BODY_BYTES) } },
      status: 413,
    },
    // Required fields left out; a schema whose fields may all be left out takes it.
    ...(route.input!.safeParse({}).success ? [] : [{ what: 'no fields', request: { body: {} }, status: 400 }]),
  ];
}

/** The site's functions with an address, each tested on its own (its own timeout, its own line in the report). */
const ROUTED = (await siteFunctions()).filter((fn) => fn.config.path !== undefined);
/** Every write found, across the functions' tests, for the check at the end. */
const allWrites: string[] = [];
/** Every write sent its own table of malformed requests, for the check at the end. */
const tabled: string[] = [];

describe('non-string types in every write', () => {
  let own = '';
  beforeAll(async () => {
    own = (await signedInStaff()).cookie; // a logout must not end the session the other writes use
  });

  it.each(ROUTED.map((fn) => [fn.name, fn] as const))(
    '%s answers 400, never 500, on every POST, PUT and PATCH of its config.path',
    async (_, fn) => {
      const writes: { name: string; handler: Parameters<typeof call>[0]; method: string; path: string }[] = [];
      const handler = fn.handler as Parameters<typeof call>[0];
      for (const pattern of [fn.config.path!].flat()) {
        // The parameters are ids; every write parses its body before it looks the id up.
        const path = pattern.replace(/:[A-Za-z]+/g, pattern.startsWith('/api/blog-posts') ? postId : 'fuzz-id');
        // The method table, as the function itself states it (405 with Allow).
        const allow = (await call(handler, 'OPTIONS', path, { cookie })).headers.get('allow') ?? '';
        for (const method of allow.split(', ').filter((m) => ['POST', 'PUT', 'PATCH'].includes(m))) {
          writes.push({ name: `${method} ${pattern}`, handler, method, path });
        }
      }
      allWrites.push(...writes.map((w) => w.name));
      const failures: string[] = [];
      const refused = new Set<string>();
      const send = async (write: (typeof writes)[number], request: CallOptions, path = write.path) =>
        call(write.handler, write.method, path, {
          ...request,
          cookie: write.path === '/api/logout' ? own : cookie,
        });
      for (const write of writes) {
        const bodyless = BODYLESS.has(`${write.method} ${write.path}`);
        const route = DECLARED.get(write.name);
        // Each value alone in the fields the write's schema reads; every field of FIELDS for a
        // write no route declares (its handler reads its own body).
        const fields = route?.input ? fieldsOf(route) : FIELDS;
        const everyField = [...new Set([...FIELDS, ...fields])];
        // A bodyless write reads none of these: one of each kind shows it.
        const bodies = bodyless
          ? HOSTILE
          : [
              ...ALONE.flatMap((value) => fields.map((field) => ({ [field]: value }))),
              ...HOSTILE.map((value) => Object.fromEntries(everyField.map((field) => [field, value]))),
              ...HOSTILE,
            ];
        const batch = bodyless ? 1 : 50;
        for (let i = 0; i < bodies.length; i += batch) {
          const answers = await Promise.all(
            bodies.slice(i, i + batch).map(async (body) => ({ body, answer: await send(write, { body }) })),
          );
          for (const { body, answer } of answers) {
            if (answer.status === 400) refused.add(write.name);
            const expected = bodyless
              ? answer.status < 500
              : answer.status === 400 || (answer.status === 404 && write.path !== write.name.split(' ')[1]);
            if (!expected || (typeof answer.json?.error !== 'string' && answer.status >= 400)) {
              failures.push(`${write.name} ${JSON.stringify(body)} → ${answer.status} ${answer.text.slice(0, 80)}`);
            }
          }
        }
        if (bodyless || !route?.input) continue;
        // The write's own table of malformed requests, each refused with its declared status.
        const table = malformedFor(route);
        tabled.push(write.name);
        // A traversal in each id, with a broken body: refused for the body, before any id is read.
        if (write.path !== write.name.split(' ')[1]) {
          const path = write.name.split(' ')[1]!.replace(/:[A-Za-z]+/g, TRAVERSAL);
          table.push({ what: 'a traversal as id, invalid JSON', request: { raw: '{' }, status: 400, path });
          // No such record, or (a schema that needs fields) the body refused first.
          table.push({ what: 'a traversal as id, no fields', request: { body: {} }, status: [400, 404], path });
        }
        const answers = await Promise.all(
          table.map(async (row) => ({ row, answer: await send(write, row.request, row.path) })),
        );
        for (const { row, answer } of answers) {
          const allowed = [row.status].flat();
          if (!allowed.includes(answer.status) || typeof answer.json?.error !== 'string') {
            failures.push(`${write.name} ${row.what} → ${answer.status}, not ${allowed.join(' or ')}`);
          }
          for (const status of allowed.filter((code) => code === answer.status)) {
            if (!route.refusals.includes(status as never))
              failures.push(`${write.name} answers ${status} to ${row.what}, which it does not declare`);
          }
        }
      }
      expect(failures.slice(0, 20)).toEqual([]);
      // Each write's schema refused these bodies: not one passed on an unchecked path.
      for (const write of writes)
        if (!BODYLESS.has(`${write.method} ${write.path}`)) expect(refused.has(write.name), write.name).toBe(true);
    },
    120_000,
  );

  it("found the writes of every function file: the list is the routes' own, not a copy", () => {
    expect(allWrites).toEqual(
      expect.arrayContaining(['POST /api/contact', 'PATCH /api/contact-requests/:id', 'PUT /api/user/password']),
    );
    // Each declared write that reads a JSON body was sent its table (none missed by its spelling).
    const reading = [...DECLARED].filter(([, route]) => route.input && route.method !== 'GET').map(([name]) => name);
    expect(tabled.toSorted()).toEqual(reading.toSorted());
  });
});
