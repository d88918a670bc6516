import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.nx/**', '.local/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read configuration through the config class of the service (src/config), not process.env.',
        },
      ],
    },
  },
  {
    // Libraries never import from deployables.
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/services/**',
                '@tawsil/gateway',
                '@tawsil/identity',
                '@tawsil/orders',
                '@tawsil/stores-youcan',
                '@tawsil/delivery-zr',
              ],
              message: 'libs must not import from services',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'libs/config/**/*.ts',
      'libs/testing/**/*.ts',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      'web/e2e/**',
      'web/*.ts',
      'bench/**',
      'deploy/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
