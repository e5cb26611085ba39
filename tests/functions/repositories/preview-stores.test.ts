/**
 * Deploy previews and branch deploys have stores of their own (named after the context):
 * `npm run seed` and `npm run staff:add` can fill them with `--context`, so a preview has
 * content and someone can sign in to it. Run here against a local Blobs directory, as the
 * scripts run on a deployed site's stores (only the Blobs address differs).
 */
import { getStore } from '@netlify/blobs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { takeDeployContext } from '#scripts/lib/blobs-target.ts';
import { useBlobs } from '../harness.ts';

const blobs = useBlobs();
const run = promisify(execFile);

/** Runs an npm script's file as `npm run` would, on this test's Blobs directory. */
const script = (file: string, args: string[]) =>
  run(process.execPath, [file, ...args], {
    env: {
      ...process.env,
      BLOBS_DIR: blobs.directory(),
      STAFF_PASSWORD: 'a-long-enough-preview-password',
      NETLIFY_SITE_ID: '',
      NETLIFY_AUTH_TOKEN: '',
      CONTEXT: '',
    },
  });

const keys = async (name: string) =>
  (await getStore({ name, consistency: 'strong' }).list()).blobs.map((blob) => blob.key);

describe('seeding a deploy preview', () => {
  it("puts demo content and a staff account into the deploy previews' stores, not production's", async () => {
    const seeded = await script('scripts/seed.ts', ['--context', 'deploy-preview']);
    expect(seeded.stdout).toMatch(/Seeded demo .*blog posts.* \(deploy-preview stores\)/);
    const added = await script('scripts/staff-add.ts', ['preview.tester', '--context=deploy-preview']);
    expect(added.stdout).toMatch(/Created staff account "preview\.tester" on .*\(deploy-preview stores\)/);

    expect(await keys('deploy-preview--users')).toContain('preview.tester');
    expect((await keys('deploy-preview--blog-posts')).length).toBeGreaterThan(0);
    expect(await keys('users')).not.toContain('preview.tester');
    expect(await keys('blog-posts')).toEqual([]);
  });
});

describe('takeDeployContext', () => {
  it('takes --context out of the arguments, production by default, and refuses other names', () => {
    expect(takeDeployContext(['jane.smith'])).toEqual({ context: 'production', rest: ['jane.smith'] });
    expect(takeDeployContext(['--context', 'branch-deploy', 'jane.smith'])).toEqual({
      context: 'branch-deploy',
      rest: ['jane.smith'],
    });
    expect(process.env.CONTEXT).toBe('branch-deploy');
    expect(() => takeDeployContext(['--context', 'dev'])).toThrow(/production, deploy-preview, branch-deploy/);
    expect(() => takeDeployContext(['--context'])).toThrow();
    delete process.env.CONTEXT;
  });
});
