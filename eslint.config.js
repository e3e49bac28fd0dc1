import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/*
 * Feature boundaries (docs/decisions/0008): a feature reaches another feature only through that feature's public
 * entry — web `features/<b>/index.ts` (or `lazy.tsx`, its lazily loaded components), server `features/<b>/index.js`.
 * Tests are held to the same rule. On the web, `shared/` is below every feature and the shell: it imports neither.
 */
const FEATURE_ROOTS = [
  { root: 'apps/web/src/features', entries: /^(index|lazy)(\.(ts|tsx|js))?$/, shown: 'index or lazy' },
  { root: 'apps/server/src/features', entries: /^index(\.(js|ts))?$/, shown: 'index.js' },
];
const WEB_SHARED = 'apps/web/src/shared';
const WEB_ABOVE_SHARED = ['apps/web/src/features', 'apps/web/src/app'];

const toPosix = (p) => p.split(path.sep).join('/');

/** `{ root, feature, rest }` when `file` (absolute) lies in a feature folder, else undefined. */
function featureOf(file, cwd) {
  const rel = toPosix(path.relative(cwd, file));
  for (const spec of FEATURE_ROOTS) {
    if (!rel.startsWith(`${spec.root}/`)) continue;
    const [feature, ...rest] = rel.slice(spec.root.length + 1).split('/');
    return { spec, feature, rest: rest.join('/') };
  }
  return undefined;
}

const boundaries = {
  rules: {
    'feature-imports': {
      meta: {
        type: 'problem',
        docs: { description: 'Import another feature only through its public entry (index / lazy)' },
        schema: [],
        messages: {
          deep: "'{{source}}' reaches into feature '{{target}}': import from its {{entry}} instead.",
          shared: "'{{source}}' is imported by shared/: shared code may not depend on features or the app shell.",
        },
      },
      create(context) {
        const cwd = context.cwd ?? process.cwd();
        const file = context.filename ?? context.getFilename();
        const from = featureOf(file, cwd);
        const inShared = toPosix(path.relative(cwd, file)).startsWith(`${WEB_SHARED}/`);
        if (!from && !inShared) return {};
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          if (!source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), source.value);
          if (inShared) {
            const rel = toPosix(path.relative(cwd, target));
            if (WEB_ABOVE_SHARED.some((r) => rel === r || rel.startsWith(`${r}/`)))
              context.report({ node: source, messageId: 'shared', data: { source: source.value } });
            return;
          }
          const to = featureOf(target, cwd);
          if (!to || to.spec !== from.spec || to.feature === from.feature) return;
          if (to.rest === '' || to.spec.entries.test(to.rest)) return;
          context.report({
            node: source,
            messageId: 'deep',
            data: { source: source.value, target: to.feature, entry: to.spec.shown },
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', '**/*.tsbuildinfo'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'boundaries/feature-imports': 'error',
      // Prettier wraps code at 120; this holds comments to the same width (long strings and URLs may run over).
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
