/** Writes docs/openapi.json from the route declarations (scripts/lib/openapi.ts), in the house's Prettier style. */
import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { openApiDocument } from './lib/openapi.ts';

const file = 'docs/openapi.json';
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(JSON.stringify(openApiDocument()), { ...options, parser: 'json' }));
console.log(`${file} written from src/shared/api/`);
