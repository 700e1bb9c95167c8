// ESLint 9 flat config: Next.js's rules (React, hooks, next/* pitfalls, jsx-a11y) and
// typescript-eslint's type-aware rules that catch real bugs here (promises nobody awaits,
// promises passed where a callback's result is ignored).
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

/** Every rule of the React plugins Next's config turns on (react/*, react-hooks/*: React Compiler's analyses among them). */
const reactRules = nextVitals.flatMap((c) =>
  Object.entries(c.plugins ?? {})
    .filter(([name]) => name === "react" || name === "react-hooks")
    .flatMap(([name, plugin]) => Object.keys(plugin.rules ?? {}).map((rule) => `${name}/${rule}`)),
);

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "out/**", "node_modules/**", "lib/generated/**", "coverage/**", "test-results/**", "playwright-report/**", ".data/**", "bench/**", "next-env.d.ts"]),
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    plugins: { "@typescript-eslint": tseslint.plugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    rules: {
      // `const { id: _id, ...rest } = row` drops a field on purpose; an `_` name says "unused by design".
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // React code lives in .tsx files and use-*.ts hooks; elsewhere (lib, server, tests, scripts: plain TypeScript) React's
    // rules found nothing and React Compiler's analysis of every file was 29 % of lint's rule time.
    files: ["**/*.{ts,mts,cts,js,mjs,cjs}"],
    ignores: ["**/use-*.ts"],
    rules: Object.fromEntries(reactRules.map((rule) => [rule, "off"])),
  },
  {
    // Hand-written declarations of the plain-JS modules: nothing in them for the type-aware rules.
    files: ["**/*.d.mts"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off", "@typescript-eslint/await-thenable": "off" },
  },
  {
    // Jest and Playwright files hold no React components: `use…` there is a test helper
    // (`useEmbeddedShop`, Playwright's fixture `use`), not a hook.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx", "scripts/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      // A test reads whatever JSON a route answered and asserts its shape field by field.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
]);
