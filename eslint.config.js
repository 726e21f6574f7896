// Lint: the recommended JavaScript and TypeScript rules, nothing stylistic (formatting is not a review topic).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config({ ignores: ['node_modules/**', 'var/**', 'build/**', 'dist/**', 'coverage/**'] }, js.configs.recommended, ...tseslint.configs.recommended, {
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  },
});
