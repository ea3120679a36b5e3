import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import boundaries from "./tools/eslint-boundaries.js";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "test-output/**", ".bench-tmp/**", "fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries },
    rules: {
      "boundaries/imports": "error",
      "boundaries/no-homedir": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Type-aware rules on the product's source: a promise nobody awaits or handles (a lost error, a
    // write that may not have happened) is an error; `void p` says the discard is meant.
    files: ["packages/*/src/**/*.ts", "apps/*/src/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["apps/menubar/src/renderer/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // What the popup bundle is made of (apps/menubar/src/renderer/tsconfig.json): no Node, and values
    // only from the light entries; the heavy package roots lend types alone (docs/menubar.md#how-the-popup-is-built).
    files: [
      "apps/menubar/src/renderer/**/*.ts",
      "apps/menubar/src/view-model/**/*.ts",
      "apps/menubar/src/ipc/contract.ts",
      "apps/menubar/src/focus/types.ts",
      "apps/menubar/src/messages.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["@mytty-bar/engine", "@mytty-bar/protocol", "@mytty-bar/installers", "@mytty-bar/detect"].map(
            (name) => ({ name, allowTypeImports: true, message: "The popup runs without Node: import a light entry." }),
          ),
          patterns: [{ group: ["node:*"], message: "The popup runs without Node." }],
        },
      ],
    },
  },
);
