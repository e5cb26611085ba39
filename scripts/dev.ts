/**
 * `npm run dev`: Astro's dev server at http://localhost:4321. The Netlify adapter
 * emulates the functions and Blobs (data in .netlify/blobs-serve, shared with npm start).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureLocalCddKey, ensureLocalSessionSecret } from './lib/local-secret.ts';

ensureLocalSessionSecret();
ensureLocalCddKey();
const child = spawn(
  process.execPath,
  [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
child.on('exit', (code) => process.exit(code ?? 0));
