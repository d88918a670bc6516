// The layout's boundaries (docs/layout.md): services never import each other, libs never import
// services, the web app never imports server code. Relative imports are checked on the file they
// resolve to (import-x's zones); imports by package name, which may not resolve before a build,
// by their name.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** Every deployable, by folder under services/ and by package name. */
export const SERVICES = [
  { folder: 'gateway', name: '@tawsil/gateway' },
  { folder: 'identity', name: '@tawsil/identity' },
  { folder: 'orders', name: '@tawsil/orders' },
  { folder: 'stores/youcan', name: '@tawsil/stores-youcan' },
  { folder: 'delivery/zr', name: '@tawsil/delivery-zr' },
  { folder: 'sandbox/youcan', name: '@tawsil/sandbox-youcan' },
  { folder: 'sandbox/zr', name: '@tawsil/sandbox-zr' },
  { folder: 'sandbox/mail', name: '@tawsil/sandbox-mail' },
  { folder: 'sandbox/yalidine', name: '@tawsil/sandbox-yalidine' },
];

/** Libraries that run on the server only; the web app may import the others (contracts, geo-dz). */
const SERVER_LIBS = ['config', 'nest-common', 'testing'];

const SERVICE_MESSAGE =
  'A service never imports another service: share it through libs/ (contracts for messages and types).';
const LIB_MESSAGE = 'libs never import services: move what both need into a lib.';
const WEB_MESSAGE = 'The web app never imports server code: only @tawsil/contracts and @tawsil/geo-dz.';

const serviceNames = SERVICES.map((service) => service.name);

const resolver = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};

export default [
  {
    files: ['services/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: resolver,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVICES.map((service) => ({
            target: `./services/${service.folder}`,
            from: './services',
            except: [`./${service.folder}`],
            message: SERVICE_MESSAGE,
          })),
        },
      ],
    },
  },
  {
    files: ['libs/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: resolver,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './libs', from: './services', message: LIB_MESSAGE },
            {
              target: './web/src',
              from: ['./services', ...SERVER_LIBS.map((lib) => `./libs/${lib}`)],
              message: WEB_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serviceNames, message: `${SERVICE_MESSAGE} ${LIB_MESSAGE}` }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...serviceNames,
                ...SERVER_LIBS.map((lib) => `@tawsil/${lib}`),
                '@nestjs/*',
                '@mikro-orm/*',
                'bullmq',
                'ioredis',
                'pg',
              ],
              message: WEB_MESSAGE,
            },
          ],
        },
      ],
    },
  },
];
