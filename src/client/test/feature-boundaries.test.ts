// The cross-feature import rule of eslint.config.js (docs/architecture.md, "Boundaries"): a client
// feature imports lib, components and shared, never pages nor another feature. Linted through
// ESLint's Node API with the repository's own configuration, on text that is never written to disk.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "boundaries/no-cross-feature-import").map((m) => m.message);
}

describe("the cross-feature import rule", () => {
  it("refuses one feature importing another, a page, or another admin feature", async () => {
    expect(await boundaryErrors(`import { CouponsPanel } from "../trackings/client-portal";\nexport const x = CouponsPanel;\n`, "src/client/features/calculator/x.ts")).toEqual([
      expect.stringContaining("La feature calculator no importa la feature trackings"),
    ]);
    expect(await boundaryErrors(`export { default } from "../../pages/home";\n`, "src/client/features/marketing/x.ts")).toEqual([
      expect.stringContaining("no importa pages"),
    ]);
    expect(await boundaryErrors(`import { useAdminClients } from "../clients/api";\nexport const x = useAdminClients;\n`, "src/client/features/admin/stats/x.ts")).toEqual([
      expect.stringContaining("La feature admin/stats no importa la feature admin/clients"),
    ]);
    expect(await boundaryErrors(`export const x = () => import("../../calculator/calculator");\n`, "src/client/features/admin/stats/x.ts")).toHaveLength(1);
  });

  it("lets a feature import its own files, lib, components and shared, and pages compose features", async () => {
    const own = `import { a } from "./api";\nimport { b } from "../../lib/api";\nimport { c } from "../../components/ui/card";\nimport { d } from "../../../shared/brand";\nexport const x = [a, b, c, d];\n`;
    expect(await boundaryErrors(own, "src/client/features/calculator/x.ts")).toEqual([]);
    expect(await boundaryErrors(`import { ClientPortal } from "../features/trackings/client-portal";\nexport const x = ClientPortal;\n`, "src/client/pages/x.ts")).toEqual([]);
  });
});
