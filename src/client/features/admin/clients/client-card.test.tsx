// @vitest-environment jsdom
// The client's record tells staff what WhatsApp said about the client (issue 35): a number Meta
// cannot deliver to (call instead), and the client's BAJA / ALTA with their times.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminClientFixture, cleanUpAdminTest, renderAdmin } from "../../../test/admin-kit";
import type { TAdminClient } from "../../../../shared/api/admin/clients";
import { ClientCard } from "./client-card";

const show = (over: Partial<TAdminClient>) =>
  renderAdmin(<ClientCard client={adminClientFixture(over)} rate={513} messaging={{ configured: true }} filtering={false} renderTrackings={() => null} />);

describe("the client's record and WhatsApp", () => {
  afterEach(cleanUpAdminTest);

  it("says when the number cannot receive WhatsApp and when the client wrote BAJA", () => {
    show({ whatsappUnreachableAt: "2026-11-27T15:00:00.000Z", whatsappUnreachableCode: 131026, whatsappOptOutAt: "2026-11-27T16:00:00.000Z", whatsappOptInAt: null });
    const notes = screen.getAllByRole("note").map((n) => n.textContent);
    expect(notes).toEqual([
      expect.stringMatching(/^Su número no recibe WhatsApp \(código 131026, 27\/11\/2026.*\): llámelo por teléfono\.$/),
      expect.stringMatching(/^Pidió no recibir mensajes de WhatsApp: escribió BAJA el 27\/11\/2026/),
    ]);
  });

  it("says the client wrote ALTA after a BAJA, and nothing for a client without either", () => {
    show({ whatsappOptOutAt: "2026-11-27T16:00:00.000Z", whatsappOptInAt: "2026-11-27T17:00:00.000Z" });
    expect(screen.getByRole("note").textContent).toMatch(/^Volvió a aceptar mensajes de WhatsApp: escribió ALTA el 27\/11\/2026/);
    cleanUpAdminTest();
    show({});
    expect(screen.queryByRole("note")).toBeNull();
  });
});
