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
    files: ["apps/menubar/src/renderer/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
