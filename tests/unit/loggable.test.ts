/** What a log line keeps of a request's address: never a token in its path, never its query. */
import { describe, expect, it } from 'vitest';
import { loggable } from '#server/http/http.ts';

const TOKEN = 'Q2x2b1ZtY0xXbW9fZ0lQT3FnS0NQZ1BmR3h0T2Z3b3h';
const line = (path: string) => loggable(new Request(`https://conveyancing.example${path}`));

describe('loggable', () => {
  it('cuts out every token in a path: an engagement link, a sign-in link, and any segment as long as one', () => {
    expect(line(`/engage/${TOKEN}`)).toBe('https://conveyancing.example/engage/…');
    expect(line(`/api/engage/${TOKEN}/cdd/submit`)).toBe('https://conveyancing.example/api/engage/…/cdd/submit');
    expect(line(`/engage/${TOKEN}/identity`)).toBe('https://conveyancing.example/engage/…/identity');
    expect(line(`/matter/sign-in/${TOKEN}`)).toBe('https://conveyancing.example/matter/sign-in/…');
    // A short or malformed token after those words is cut out too.
    expect(line('/matter/sign-in/abc')).toBe('https://conveyancing.example/matter/sign-in/…');
    expect(line(`/api/some-future-route/${TOKEN}/x`)).toBe('https://conveyancing.example/api/some-future-route/…/x');
    for (const path of [`/engage/${TOKEN}`, `/matter/sign-in/${TOKEN}`, `/api/x/${TOKEN}`])
      expect(line(path)).not.toContain(TOKEN.slice(0, 12));
  });

  it("keeps the records' ids and the route, and drops the query", () => {
    expect(line('/api/contact-requests/mzzzzzzzzzz0000aaaaaaaaaaaa/notes?q=Smith')).toBe(
      'https://conveyancing.example/api/contact-requests/mzzzzzzzzzz0000aaaaaaaaaaaa/notes?…',
    );
    expect(line('/api/matter-sign-in')).toBe('https://conveyancing.example/api/matter-sign-in');
    expect(line('/matter/')).toBe('https://conveyancing.example/matter/');
  });
});
