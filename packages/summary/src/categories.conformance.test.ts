/** The built-in MedHELM table equals what HELM's real schema_medhelm.yaml (../shared/helm) declares. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { categoriesFromSchema, MEDHELM_CATEGORIES } from './categories.js';

const SCHEMA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/helm/schema_medhelm.yaml');

describe('MEDHELM_CATEGORIES', () => {
  it('is the category table of schema_medhelm.yaml', () => {
    if (!existsSync(SCHEMA)) {
      console.warn(`skipped: ${SCHEMA} is absent`);
      return;
    }
    expect(categoriesFromSchema(readFileSync(SCHEMA, 'utf8'), SCHEMA)).toEqual(MEDHELM_CATEGORIES);
  });
});
