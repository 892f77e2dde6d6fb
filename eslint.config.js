import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import path from "node:path";
import { serverLayering } from "./eslint/server-layering.js";

// Boundaries (docs/architecture.md): shared imports neither side; client never imports server.
const noImport = (zones) => ({
  "no-restricted-imports": [
    "error",
    { patterns: zones.map((group) => ({ group: [group], message: "Cruza un límite de la arquitectura (ver docs/architecture.md)." })) },
  ],
});

// A client feature (src/client/features/<name>, or features/admin/<name>) imports lib, components
// and shared, never pages and never another feature: what two features share moves to lib/ or
// components/, and pages compose features (bulletproof-react's rule). Resolved from the file's
// own folder, so "../b/x" and "../../features/b/x" are both caught.
const FEATURE = /(?:^|\/)src\/client\/features\/(admin\/[^/]+|(?!admin\/)[^/]+)\//;
const PAGES = /(?:^|\/)src\/client\/pages\//;
const featureBoundaries = {
  rules: {
    "no-cross-feature-import": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join("/");
        const own = FEATURE.exec(file)?.[1];
        if (!own) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== "string" || !spec.startsWith(".")) return;
          const target = path.posix.resolve(path.posix.dirname(file), spec) + "/";
          const other = FEATURE.exec(target)?.[1];
          if (PAGES.test(target) || (other && other !== own)) {
            context.report({
              node: node.source,
              message: `La feature ${own} no importa ${other ? `la feature ${other}` : "pages"}: lo compartido va a lib/ o components/ (ver docs/architecture.md).`,
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

// Product code never imports test code (decision 175): the fakes, fixtures and harnesses live in
// src/server/test/ and src/client/test/, the tests beside the code are *.test.ts(x), and neither
// may reach the production bundle through an import from src/.
const TEST_CODE = /(?:^|\/)(?:src\/(?:server|client)\/test\/|tests\/)|\.test(?:\.[cm]?[jt]sx?)?\/$/;
const testCodePlacement = {
  rules: {
    "no-test-code-in-production": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join("/");
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== "string" || !spec.startsWith(".")) return;
          const target = path.posix.resolve(path.posix.dirname(file), spec) + "/";
          if (TEST_CODE.test(target)) {
            context.report({
              node: node.source,
              message: "El código de producción no importa código de pruebas (test/, *.test.*): lo que el producto usa vive fuera de las carpetas de pruebas (decisión 175).",
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

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
    plugins: { "react-hooks": reactHooks, boundaries: featureBoundaries },
    rules: {
      "boundaries/no-cross-feature-import": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...noImport(["**/server/**", "**/server"]),
      // A form the browser sends by itself (its page's script blocked or still loading) must
      // never put its fields in the address: every <form> posts (decision 149).
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value=/^post$/i]))",
          message: 'Un <form> lleva method="post": enviado sin JavaScript, sus datos no van en la dirección (decisión 149).',
        },
      ],
    },
  },
  {
    // The browser's addresses come from the shared contract (routePath(ENTRY, …), decision 177):
    // a literal "/api/…" in client code is a call the contract does not know.
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/**/*.test.{ts,tsx}", "src/client/test/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value=/^post$/i]))",
          message: 'Un <form> lleva method="post": enviado sin JavaScript, sus datos no van en la dirección (decisión 149).',
        },
        {
          selector: "Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]",
          message: "La dirección de una llamada sale del contrato compartido: routePath(RUTA, …) de src/shared/api (decisión 177).",
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: noImport(["**/server/**", "**/client/**", "**/server", "**/client"]),
  },
  {
    // The server's layering (decision 171): no cycle between modules; core, lib, db and
    // providers below the modules (eslint/server-layering.js).
    files: ["src/server/**/*.{ts,mts,mjs}"],
    ignores: ["src/**/*.test.ts", "src/server/test/**"],
    plugins: { layering: serverLayering },
    rules: { "layering/no-module-cycle": "error", "layering/lower-layers": "error" },
  },
  {
    files: ["src/**/*.{ts,tsx,mjs}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/server/test/**", "src/client/test/**"],
    plugins: { placement: testCodePlacement },
    rules: { "placement/no-test-code-in-production": "error" },
  },
);
