/** Starts racer processes (tests/functions/racer.ts) and lets them race. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { RaceAnswer, RaceRequest } from './racer.ts';

const RACER = path.resolve(import.meta.dirname, 'racer.ts');

const reply = <T>(child: ChildProcess, key: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message[key] as T);
    };
    const onExit = (code: number | null) => reject(new Error(`racer exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

/**
 * `count` racer processes for this file, sharing its Blobs server (the environment is
 * inherited once the harness has set it), with the given function modules loaded.
 */
export function useRacers(count: number, functions: string[]) {
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    for (let i = 0; i < count; i++)
      children.push(fork(RACER, [], { env: process.env, execArgv: [], stdio: 'inherit' }));
    await Promise.all(
      children.map((child) => {
        const ready = reply(child, 'ready');
        child.send({ warm: functions });
        return ready;
      }),
    );
  });
  afterAll(() => {
    for (const child of children) child.disconnect();
  });
  return {
    count,
    /** Sends `perRacer(i)` to racer i, all at once; the answers in racer order, flattened. */
    async race(perRacer: (racer: number) => RaceRequest[]): Promise<RaceAnswer[]> {
      const answers = children.map((child) => reply<RaceAnswer[]>(child, 'answers'));
      children.forEach((child, i) => child.send({ run: perRacer(i) }));
      return (await Promise.all(answers)).flat();
    },
  };
}
