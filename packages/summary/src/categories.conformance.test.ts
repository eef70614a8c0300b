/** The built-in MedHELM table equals what HELM's real schema_medhelm.yaml (../shared/helm) declares. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { categoriesFromSchema, MEDHELM_CATEGORIES } from './categories.js';

const SCHEMA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/helm/schema_medhelm.yaml');

const present = existsSync(SCHEMA);
if (!present) process.stderr.write(`categories.conformance.test: SKIPPED, ${SCHEMA} is absent\n`);

describe('MEDHELM_CATEGORIES', () => {
  (present ? it : it.skip)(
    `is the category table of schema_medhelm.yaml${present ? '' : ` (SKIPPED: ${SCHEMA} is absent)`}`,
    () => {
      expect(categoriesFromSchema(readFileSync(SCHEMA, 'utf8'), SCHEMA)).toEqual(MEDHELM_CATEGORIES);
    },
  );
});
