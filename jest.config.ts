import type { Config } from 'jest';

// Packages are ESM TypeScript; tests import sibling packages from source (no tsc build for unit tests; the generated
// schema validators they import come from scripts/build-validators.mjs, which `npm run test:only` runs first).
// Integration tests (*.int.test.ts) spawn the built bins, so `npm test` builds first.
const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  roots: ['<rootDir>/packages', '<rootDir>/test_cases', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  // Live tests need a real endpoint; conformance tests need ../shared/datasets.
  testPathIgnorePatterns: [
    '/node_modules/',
    '/dist/',
    ...(process.env.EF_LIVE === '1' ? [] : ['\\.live\\.test\\.ts$']),
    ...(process.env.EF_CONFORMANCE === '1' ? [] : ['\\.conformance\\.test\\.ts$']),
  ],
  moduleNameMapper: {
    '^@eval-factory/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
    // Subpath entry points (`@eval-factory/executor/prestart`) live at the top of the package's src.
    '^@eval-factory/([a-z-]+)/([a-z-]+)$': '<rootDir>/packages/$1/src/$2.ts',
  },
  resolver: '<rootDir>/jest.resolver.cjs',
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.test.json' }],
  },
  testTimeout: 60_000,
};

export default config;
