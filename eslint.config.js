import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Boundaries: shared imports neither side; client never imports server.
const noImport = (zones) => ({
  "no-restricted-imports": [
    "error",
    { patterns: zones.map((group) => ({ group: [group], message: "Cruza un límite de la arquitectura (ver ARCHITECTURE.md)." })) },
  ],
});

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "src/server/db/migrations/", ".tmp/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...noImport(["**/server/**", "**/server"]),
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: noImport(["**/server/**", "**/client/**", "**/server", "**/client"]),
  },
);
