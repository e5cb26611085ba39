/**
 * The site's Content-Security-Policy without the build's inline hashes: what the build's
 * policy starts from (src/integrations/csp.mjs) and what pages rendered by functions send as
 * they are (they have no inline scripts or styles). Here in src/shared, not beside csp.mjs,
 * because both the build and the functions use it; apart from csp.mjs so that a function
 * does not bundle the build's HTML parser.
 */

/**
 * Everything but the inline hashes. A third-party embed (the reviews widget in
 * src/content/practice.ts) needs its origin added here.
 */
export const BASE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} satisfies Record<string, string[]>;

/** The header value of a policy. */
export const serializePolicy = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
