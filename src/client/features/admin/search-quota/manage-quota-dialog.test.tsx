// @vitest-environment jsdom
// 'Gestionar' against a stubbed server: an emptied monthly limit is asked for and nothing is sent
// (it used to save 0 and the client became 'Agotado'); a typed limit is sent (issue 18 item 7).
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "../../../components/ui/dialog";
import { dismissToast } from "../../../components/ui/use-toast";
import { AdminSessionContext } from "../../../lib/admin/admin-session";
import { testAdminSession } from "../../../test/admin-kit";
import { SEARCH_LIMIT_REQUIRED, type TSearchQuotaRow } from "../../../../shared/api/admin/search-quota";
import { ManageQuotaDialog } from "./manage-quota-dialog";

const row: TSearchQuotaRow = { id: 4, clientCode: "EX123456", nombre: "Ana Mora", telefono: "+50688887777", searchCount: 3, searchLimit: 10, unlimitedAccess: 0 };
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ client: { ...row, searchLimit: 25 } }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onDone = () => {}) {
  render(
    <AdminSessionContext.Provider value={testAdminSession()}>
      <Dialog open>
        <ManageQuotaDialog client={row} onDone={onDone} />
      </Dialog>
    </AdminSessionContext.Provider>,
  );
  return screen.getByLabelText("Límite de búsquedas mensuales") as HTMLInputElement;
}

describe("ManageQuotaDialog", () => {
  it("asks for an emptied monthly limit instead of saving 0", async () => {
    const limit = renderDialog();
    fireEvent.change(limit, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(SEARCH_LIMIT_REQUIRED)).toBeTruthy();
    expect(limit.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("sends a typed limit", async () => {
    const onDone = vi.fn();
    const limit = renderDialog(onDone);
    fireEvent.change(limit, { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ unlimitedAccess: 0, searchLimit: 25, searchCount: 3 }]);
  });
});
