/**
 * What the test server (scripts/test-server.ts) seeds beyond the demo content: a staff
 * account and rows that delete journeys may remove. Here, not in tests/, because the server
 * and scripts/validate.ts need it and scripts/ never imports tests/; the end-to-end specs read
 * it through tests/e2e/fixtures.ts.
 */
export const STAFF = { username: 'e2e-staff', password: 'e2e-password-for-tests-only' } as const;

/** The test server also seeds this many testimonials and services with titles starting so, for delete journeys. */
export const DISPOSABLE_TITLE = 'E2E disposable';
export const DISPOSABLE_COUNT = 6;
