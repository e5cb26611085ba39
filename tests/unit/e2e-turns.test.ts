/**
 * The queue that lets two Playwright workers share one e2e server (tests/e2e/shared-state.ts):
 * which kinds run together, first come first served, and a dead worker's turn given back.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropReservation, kindOf, RESERVATION_MS, takeTurn, type SharedStateKind } from '../e2e/shared-state.ts';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'e2e-turns-test-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Resolves to true when the turn came within `ms`, false otherwise (the turn is kept waiting). */
async function settlesWithin(turn: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([turn.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

describe('takeTurn', () => {
  const together: [SharedStateKind, SharedStateKind][] = [
    ['own', 'own'],
    ['own', 'site'],
    ['own', 'reads-site'],
    ['reads-site', 'reads-site'],
  ];
  it.each(together)('lets %s and %s run at the same time', async (first, second) => {
    const first_ = await takeTurn(directory, first);
    expect(await settlesWithin(takeTurn(directory, second), 2_000)).toBe(true);
    await first_.release();
  });

  const apart: [SharedStateKind, SharedStateKind][] = [
    ['alone', 'own'],
    ['own', 'alone'],
    ['site', 'site'],
    ['site', 'reads-site'],
    ['reads-site', 'site'],
  ];
  it.each(apart)('keeps %s and %s apart until the first is done', async (first, second) => {
    const first_ = await takeTurn(directory, first);
    const next = takeTurn(directory, second);
    expect(await settlesWithin(next, 600)).toBe(false);
    await first_.release();
    expect(await settlesWithin(next, 2_000)).toBe(true);
  });

  it('serves in order: a test that asked after a waiting `alone` waits behind it', async () => {
    const own = await takeTurn(directory, 'own');
    const order: string[] = [];
    const alone = takeTurn(directory, 'alone').then((release) => (order.push('alone'), release));
    await new Promise((resolve) => setTimeout(resolve, 300)); // `alone` has asked first
    const laterOwn = takeTurn(directory, 'own').then((release) => (order.push('own'), release));
    expect(await settlesWithin(laterOwn, 600)).toBe(false);
    await own.release();
    await (await alone).release();
    await (await laterOwn).release();
    expect(order).toEqual(['alone', 'own']);
  });

  it('gives back the turn of a worker that died holding it', async () => {
    // Process ids run far below 2^22 on Linux: this one belongs to nobody.
    writeFileSync(path.join(directory, 'h-000001-alone-4194300'), '');
    writeFileSync(path.join(directory, 'counter'), '1');
    const release = takeTurn(directory, 'own');
    expect(await settlesWithin(release, 2_000)).toBe(true);
    await (await release).release();
    expect(readdirSync(directory).filter((name) => /^[whr]-/.test(name))).toEqual([]);
  });
});

describe('a reserved turn', () => {
  it('is taken back at once by the next test of its file, ahead of a conflicting test that asked meanwhile', async () => {
    const first = await takeTurn(directory, 'alone');
    const other = takeTurn(directory, 'own');
    const reservation = await first.release({ reserve: true });
    expect(reservation).toMatch(/^r-/);
    expect(await settlesWithin(other, 600)).toBe(false);
    const second = await takeTurn(directory, 'alone', reservation);
    expect(await settlesWithin(other, 600)).toBe(false);
    await second.release();
    expect(await settlesWithin(other, 2_000)).toBe(true);
    await (await other).release();
  });

  it('keeps a conflicting test out until it is dropped', async () => {
    const first = await takeTurn(directory, 'site');
    const reservation = await first.release({ reserve: true });
    const other = takeTurn(directory, 'reads-site');
    expect(await settlesWithin(other, 600)).toBe(false);
    await dropReservation(directory, reservation);
    expect(await settlesWithin(other, 2_000)).toBe(true);
    await (await other).release();
  });

  it('lapses when no test of its file takes it within RESERVATION_MS', async () => {
    const first = await takeTurn(directory, 'alone');
    const reservation = await first.release({ reserve: true });
    const other = takeTurn(directory, 'own');
    expect(await settlesWithin(other, RESERVATION_MS - 1_500)).toBe(false);
    expect(await settlesWithin(other, 3_000)).toBe(true);
    await (await other).release();
    // Too late: the file's next test queues like any other.
    const late = await takeTurn(directory, 'alone', reservation);
    await late.release();
    expect(readdirSync(directory).filter((name) => /^[whr]-/.test(name))).toEqual([]);
  });

  it('lets a compatible test run beside it', async () => {
    const first = await takeTurn(directory, 'site');
    await first.release({ reserve: true });
    expect(await settlesWithin(takeTurn(directory, 'own'), 2_000)).toBe(true);
  });
});

describe('kindOf', () => {
  it('reads the spec and the project', () => {
    expect(kindOf('/x/tests/e2e/admin-blog-schedule.spec.ts', 'desktop')).toBe('alone');
    expect(kindOf('/x/tests/e2e/admin-blog-schedule.spec.ts', 'mobile')).toBe('own');
    expect(kindOf('/x/tests/e2e/admin-settings.spec.ts', 'mobile')).toBe('reads-site');
    expect(kindOf('/x/tests/e2e/public-forms.spec.ts', 'mobile')).toBe('reads-site');
  });

  it('counts a spec nobody has classified as rebuilding the site', () => {
    expect(kindOf('/x/tests/e2e/brand-new.spec.ts', 'desktop')).toBe('site');
    expect(kindOf('/x/tests/e2e/brand-new.spec.ts', 'mobile')).toBe('site');
  });
});
