// The access policies (core/policies, docs/decisions/179) as plain unit tests: who may do what,
// role by role and own client against another's, each refusal with its status and Spanish message.
// The last part is the rule that keeps it so: no role comparison in server code outside core/policies.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { STAFF_ROLES, type StaffRole } from "../../../shared/domain/staff-roles";
import { TRACKING_NOT_FOUND, trackingNotEditableMessage } from "../../../shared/api/trackings";
import { DELIVERY_NOT_FOUND } from "../../../shared/api/admin/deliveries";
import { BODEGA_FIELDS_FORBIDDEN, TOTP_REQUIRED_FOR_OWNER } from "../../../shared/api/admin/staff";
import { PAID_AT_TOO_OLD, PROOF_OTHER_CLIENT, packageNotOfClient } from "../../../shared/api/admin/payments";
import { COMPROBANTE_NOT_FOUND } from "../../../shared/api/admin/invoices";
import { SIGN_IN_REQUIRED } from "../../../shared/api/client-access";
import { authorize, can, clientSubject, owns, type StaffSubject } from "./index";

const OWNER_ID = 10;
const me = clientSubject({ id: OWNER_ID });
const staff = (role: StaffRole, accountId = 100): StaffSubject => ({ kind: "staff", role, accountId });

/** What authorize answers: "allowed", or the refusal's status and message. */
function answer(run: () => void): "allowed" | { status: number; message: string } {
  try {
    run();
    return "allowed";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

const own = { clientId: OWNER_ID, estado: "SEGUIMIENTO_INTERNACIONAL", origen: "USA" };
const others = { clientId: OWNER_ID + 1, estado: "SEGUIMIENTO_INTERNACIONAL", origen: "USA" };
const ownInCustoms = { clientId: OWNER_ID, estado: "EN_ADUANAS", origen: "USA" };

describe("the one ownership check", () => {
  it("a record is the client's only when its client id is the client's; missing and another's alike", () => {
    expect(owns(me, { clientId: OWNER_ID })).toBe(true);
    expect(owns(me, { clientId: OWNER_ID + 1 })).toBe(false);
    expect(owns(me, undefined)).toBe(false);
    expect(owns(me, null)).toBe(false);
  });
});

describe("a client (the portal) and its packages", () => {
  const notFound = { status: 404, message: TRACKING_NOT_FOUND };
  it.each([
    ["package.edit", own, "allowed"],
    ["package.edit", others, notFound],
    ["package.edit", undefined, notFound],
    ["package.edit", ownInCustoms, { status: 409, message: trackingNotEditableMessage("EN_ADUANAS", "editar", "USA") }],
    ["package.delete", own, "allowed"],
    ["package.delete", others, notFound],
    ["package.delete", undefined, notFound],
    ["package.delete", ownInCustoms, { status: 409, message: trackingNotEditableMessage("EN_ADUANAS", "eliminar", "USA") }],
    ["payment.sendProof", own, "allowed"],
    ["payment.sendProof", ownInCustoms, "allowed"],
    ["payment.sendProof", others, notFound],
    ["payment.sendProof", undefined, notFound],
  ] as const)("%s of %o: %o", (action, pkg, expected) => {
    expect(answer(() => authorize(me, action, pkg))).toEqual(expected);
  });

  it("another client's package answers exactly as a missing one, on every client path", () => {
    for (const action of ["package.edit", "package.delete", "payment.sendProof"] as const) {
      expect(answer(() => authorize(me, action, others))).toEqual(answer(() => authorize(me, action, undefined)));
    }
  });
});

describe("a client (the portal) and its comprobantes electrónicos", () => {
  it("reads only its own; another client's and a missing one are the same 404", () => {
    const notFound = { status: 404, message: COMPROBANTE_NOT_FOUND };
    expect(answer(() => authorize(me, "invoice.readOwn", { clientId: OWNER_ID }))).toBe("allowed");
    expect(answer(() => authorize(me, "invoice.readOwn", { clientId: OWNER_ID + 1 }))).toEqual(notFound);
    expect(answer(() => authorize(me, "invoice.readOwn", undefined))).toEqual(notFound);
  });
});

describe("a protected account through the portal (decision 216)", () => {
  it("opens to anyone while unprotected; once protected, only to its signed-in client, else the 401 asking for the sign-in", () => {
    expect(answer(() => authorize({ kind: "portal", signedIn: false }, "client.openAccount", { protected: false }))).toBe("allowed");
    expect(answer(() => authorize({ kind: "portal", signedIn: true }, "client.openAccount", { protected: true }))).toBe("allowed");
    expect(answer(() => authorize({ kind: "portal", signedIn: false }, "client.openAccount", { protected: true }))).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
  });
});

describe("a payment staff record for one client", () => {
  it.each([
    ["its own package", { trackingId: 7, pkg: { clientId: OWNER_ID } }, "allowed"],
    ["another client's package", { trackingId: 7, pkg: { clientId: OWNER_ID + 1 } }, { status: 400, message: packageNotOfClient(7) }],
    ["a missing package", { trackingId: 8, pkg: undefined }, { status: 400, message: packageNotOfClient(8) }],
  ] as const)("pays %s: %o", (_label, allocation, expected) => {
    expect(answer(() => authorize(me, "payment.allocate", allocation))).toEqual(expected);
  });

  it("confirms only the client's own receipt", () => {
    expect(answer(() => authorize(me, "payment.confirmProof", { clientId: OWNER_ID }))).toBe("allowed");
    expect(answer(() => authorize(me, "payment.confirmProof", { clientId: OWNER_ID + 1 }))).toEqual({ status: 400, message: PROOF_OTHER_CLIENT });
  });
});

describe("staff roles", () => {
  // role → [backdate a payment, read charges, read client contact, disable own 2-step]
  const table: Record<StaffRole, [boolean, boolean, boolean, boolean]> = {
    dueno: [true, true, true, false],
    oficina: [false, true, true, true],
    bodega: [false, false, false, true],
    mensajero: [false, false, false, true],
  };

  it.each(STAFF_ROLES)("%s", (role) => {
    const [backdate, charges, contact, disableTotp] = table[role];
    expect(can({ role }, "payment.backdate")).toBe(backdate);
    expect(can(staff(role), "package.readCharges")).toBe(charges);
    expect(can(staff(role), "client.readContact")).toBe(contact);
    expect(can({ role }, "account.disableTotp")).toBe(disableTotp);
  });

  it("refuses a back-dated payment with the Dueño-only 403, also without a session's role", () => {
    const refused = { status: 403, message: PAID_AT_TOO_OLD };
    expect(answer(() => authorize({ role: "oficina" }, "payment.backdate"))).toEqual(refused);
    expect(answer(() => authorize({}, "payment.backdate"))).toEqual(refused);
    expect(answer(() => authorize({ role: "dueno" }, "payment.backdate"))).toBe("allowed");
  });

  it("refuses a Dueño turning off two-step verification with its 403", () => {
    expect(answer(() => authorize({ role: "dueno" }, "account.disableTotp"))).toEqual({ status: 403, message: TOTP_REQUIRED_FOR_OWNER });
  });

  it("lets Bodega change only its fields (and choose to deliver with a balance); every other role any", () => {
    const refused = { status: 403, message: BODEGA_FIELDS_FORBIDDEN };
    const bodega = staff("bodega");
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { estado: "EN_ADUANAS", pesoEstimado: 2, notas: "x", pesoPieCubicos: 1 } }))).toBe("allowed");
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { estado: "ENTREGADO", entregarConSaldo: true } }))).toBe("allowed");
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { montoColones: 5000 } }))).toEqual(refused);
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { estado: "EN_ADUANAS", montoColones: undefined } }))).toBe("allowed");
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { ids: [1, 2], estado: "EN_ADUANAS" } }))).toEqual(refused);
    expect(answer(() => authorize(bodega, "package.changeFields", { body: { ids: [1, 2], estado: "EN_ADUANAS" }, bulk: true }))).toBe("allowed");
    expect(answer(() => authorize(bodega, "package.changeFields", { body: null }))).toBe("allowed");
    for (const role of ["dueno", "oficina"] as const) {
      expect(answer(() => authorize(staff(role), "package.changeFields", { body: { montoColones: 5000, clientCode: "EX000001" } }))).toBe("allowed");
    }
  });

  it("lets a Mensajero deliver only a package on its own list (else the 404 of a missing one); the other roles any", () => {
    const mine = staff("mensajero", 55);
    expect(answer(() => authorize(mine, "package.deliver", { messengerAccountId: 55 }))).toBe("allowed");
    expect(answer(() => authorize(mine, "package.deliver", { messengerAccountId: 56 }))).toEqual({ status: 404, message: DELIVERY_NOT_FOUND });
    expect(answer(() => authorize(mine, "package.deliver", { messengerAccountId: null }))).toEqual({ status: 404, message: DELIVERY_NOT_FOUND });
    for (const role of ["dueno", "oficina", "bodega"] as const) {
      expect(can(staff(role), "package.deliver", { messengerAccountId: null })).toBe(true);
      expect(can(staff(role), "package.deliver", { messengerAccountId: 56 })).toBe(true);
    }
  });

  it("delivers a package with a balance only by an explicit choice, or as the Excel import", () => {
    expect(can({ kind: "staff" }, "package.deliverWithBalance", { entregarConSaldo: true })).toBe(true);
    expect(can({ kind: "staff" }, "package.deliverWithBalance", { entregarConSaldo: false })).toBe(false);
    expect(can({ kind: "staff" }, "package.deliverWithBalance", {})).toBe(false);
    expect(can({ kind: "import" }, "package.deliverWithBalance", {})).toBe(true);
    expect(can({ kind: "system" }, "package.deliverWithBalance", {})).toBe(false);
    expect(can({ kind: "client" }, "package.deliverWithBalance", {})).toBe(false);
  });
});

// --- The rule: who-may decisions by role live in core/policies only ---

const SERVER = path.resolve(import.meta.dirname, "../..");
const POLICIES = path.resolve(import.meta.dirname);

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" || full === POLICIES ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A comparison of a role: `x.role === "dueno"`, `role !== y`, `"bodega" === staff?.role`. */
const ROLE_COMPARISON = /\brole\s*[!=]==?|[!=]==?\s*[\w.?]*\brole\b/;

function roleComparisons(files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (ROLE_COMPARISON.test(line.replace(/\/\/.*$/, "")) ? [`${path.relative(SERVER, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe("role decisions live in core/policies", () => {
  it("finds the comparisons it refuses, and passes the ones it allows", () => {
    for (const refused of ['if (request.staff?.role !== "bodega") return;', 'const owner = account.role === "dueno";', "if (role != other) x();", '"mensajero" === staff.role']) {
      expect(ROLE_COMPARISON.test(refused), refused).toBe(true);
    }
    for (const allowed of ["roles: OWNER_ONLY", "config.roles?.includes(staff.role)", 'eq(staffAccounts.role, "dueno")', "role: staff.role,", "const roles = x === y;"]) {
      expect(ROLE_COMPARISON.test(allowed), allowed).toBe(false);
    }
  });

  it("no server code outside core/policies compares a role (shared/domain/staff-roles.ts holds the role sets)", () => {
    expect(roleComparisons(productionFiles(SERVER))).toEqual([]);
  });
});
