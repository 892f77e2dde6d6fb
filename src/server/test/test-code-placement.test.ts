// Where test code lives (decision 175): the fakes, fixtures and harnesses sit in src/server/test/
// and src/client/test/, and product code never imports them nor a *.test file
// (`placement/no-test-code-in-production` in eslint.config.js). The other halves of the rule: knip's
// production pass (`npm run knip`) refuses a file in a product folder that only tests use, and
// scripts/build-server.test.ts checks that the compiled server holds no test code.
import { existsSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function placementErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "placement/no-test-code-in-production").map((m) => m.message);
}

describe("test code stays out of the product", () => {
  it("refuses product code importing a fake, a fixture, a test helper or a test file", async () => {
    const fake = `import { startFakeS3 } from "../../test/fakes/s3";\nexport const x = startFakeS3;\n`;
    expect(await placementErrors(fake, "src/server/providers/storage/index.ts")).toEqual([expect.stringContaining("no importa código de pruebas")]);
    const fixture = `import { trackingFixture } from "../../../test/fixtures/tracking";\nexport const x = trackingFixture;\n`;
    expect(await placementErrors(fixture, "src/client/features/admin/trackings/tracking-row.tsx")).toHaveLength(1);
    const testFile = `export { estimateLike } from "./shipment-form.test";\n`;
    expect(await placementErrors(testFile, "src/client/features/calculator/shipment-form.ts")).toHaveLength(1);
    const lazy = `export const load = () => import("./test/fakes/graph-api");\n`;
    expect(await placementErrors(lazy, "src/server/app.ts")).toHaveLength(1);
  });

  it("lets tests and test helpers import them, and product code import product code", async () => {
    const fake = `import { startFakeS3 } from "../../test/fakes/s3";\nexport const x = startFakeS3;\n`;
    expect(await placementErrors(fake, "src/server/providers/storage/s3.test.ts")).toEqual([]);
    const helper = `import { GRAPH_API_VERSION } from "../../providers/messaging/whatsapp-cloud";\nimport { createTestApp } from "../app";\nexport const x = [GRAPH_API_VERSION, createTestApp];\n`;
    expect(await placementErrors(helper, "src/server/test/fakes/graph-api.ts")).toEqual([]);
    expect(await placementErrors(`import { s3Storage } from "./s3";\nexport const x = s3Storage;\n`, "src/server/providers/storage/index.ts")).toEqual([]);
  });

  it("the provider fakes and the client's fixtures are in the test folders, not beside the product", () => {
    for (const moved of ["src/server/test/fakes/graph-api.ts", "src/server/test/fakes/s3.ts", "src/server/test/fakes/chat-server.ts", "src/server/test/fakes/rate-server.ts", "src/client/test/fixtures/tracking.ts", "src/client/test/fixtures/product-analysis.ts", "src/client/test/tracking-row-harness.tsx"]) {
      expect(existsSync(moved), moved).toBe(true);
    }
    for (const old of ["src/server/providers/messaging/fake-graph-api.ts", "src/server/providers/storage/fake-s3.ts", "src/server/providers/ai/fake-chat-server.ts", "src/server/providers/exchange-rates/fake-rate-server.ts", "src/client/features/admin/trackings/tracking-fixture.ts", "src/client/features/calculator/test-analysis.ts", "src/client/features/admin/trackings/tracking-row-harness.tsx"]) {
      expect(existsSync(old), old).toBe(false);
    }
  });
});
