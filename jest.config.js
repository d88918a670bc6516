// Two sizes of tests: unit tests beside the code (*.spec.ts) and integration tests against real
// PostgreSQL, Redis and running services (*.int-spec.ts). Both transpile with SWC.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const webSwc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  // MikroORM 7 (with kysely), p-limit, content-disposition and json-schema-ref-parser ship as ES modules only: transform them like our own code.
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '^(?!.*/node_modules/(@mikro-orm|kysely|p-limit|yocto-queue|content-disposition|@apidevtools)/).*/node_modules/',
  ],
  moduleNameMapper: {
    '^@tawsil/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@tawsil/contracts/(.*)$': '<rootDir>/libs/contracts/src/$1/index.ts',
    '^@tawsil/(config|geo-dz|nest-common|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^@tawsil/nest-common/core$': '<rootDir>/libs/nest-common/src/core.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  rootDir: __dirname,
};

module.exports = {
  // Integration suites start real processes; a hook may take several seconds.
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,deploy,bench}/**/*.spec.ts', '<rootDir>/web/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,deploy,bench}/**/*.int-spec.ts'],
      // Files of one worker share whole systems (TestSystem.shared); the run cleans up after them.
      testEnvironment: '<rootDir>/libs/testing/src/shared-system-environment.ts',
      globalSetup: '<rootDir>/libs/testing/src/test-run-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/test-run-teardown.ts',
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.spec.tsx'],
      setupFiles: ['<rootDir>/web/jest.setup.ts'],
      transform: { '^.+\\.(t|j|mj)sx?$': webSwc },
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e-spec.ts'],
    },
  ],
};
