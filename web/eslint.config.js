import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const srcDir = path.resolve(import.meta.dirname, 'src');

/**
 * Features never import each other (`app/` composes them; shared code lives in
 * components/ or lib/). Resolves relative and `@/` imports, so `../../org/api/x` is caught
 * as surely as `@/features/org/api/x`.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A file of src/features/<a> may not import from src/features/<b>' },
    messages: {
      cross:
        "Feature '{{own}}' imports from feature '{{other}}' ({{source}}). Features never import each other: move what both need to src/lib or src/components, or compose them in src/app.",
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const [top, own] = path.relative(srcDir, file).split(path.sep);
    if (top !== 'features' || !own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = path.join(srcDir, source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else return;
      const [dir, other] = path.relative(srcDir, target).split(path.sep);
      if (dir === 'features' && other && other !== own) {
        context.report({ node, messageId: 'cross', data: { own, other, source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dist-player', 'node_modules', 'coverage'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
      aula: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': [
        'warn',
        // Route modules export react-router's lazy-route members next to the component.
        { allowConstantExport: true, allowExportNames: ['loader', 'Component', 'ErrorBoundary', 'HydrateFallback', 'handle'] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'aula/no-cross-feature-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['public/sw.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'script', globals: globals.serviceworker },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
