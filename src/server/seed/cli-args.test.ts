import { describe, expect, it } from "vitest";
import { parseSeedArgs } from "./cli-args";

describe("parseSeedArgs", () => {
  it("uses 200 clients, 1000 packages and no seed (random client codes) by default", () => {
    expect(parseSeedArgs([])).toEqual({ clients: 200, trackings: 1000, reset: false, help: false });
  });

  it("reads every flag, with a space or an equals sign", () => {
    expect(parseSeedArgs(["--clients", "10000", "--trackings=100000", "--seed", "7", "--reset", "--now", "2025-06-01T12:00:00Z"])).toEqual({
      clients: 10000,
      trackings: 100000,
      seed: 7,
      reset: true,
      help: false,
      now: new Date("2025-06-01T12:00:00Z"),
    });
    expect(parseSeedArgs(["--help"]).help).toBe(true);
  });

  it("explains bad input in Spanish", () => {
    expect(() => parseSeedArgs(["--clients", "-5"])).toThrow("--clients debe ser un número entero mayor o igual a 0 (recibido: -5)");
    expect(() => parseSeedArgs(["--clients", "1.5"])).toThrow(/entero/);
    expect(() => parseSeedArgs(["--trackings"])).toThrow("Falta el valor de --trackings");
    expect(() => parseSeedArgs(["--paquetes", "3"])).toThrow("Opción desconocida: --paquetes");
    expect(() => parseSeedArgs(["--now", "ayer"])).toThrow("Fecha inválida para --now: ayer");
    expect(() => parseSeedArgs(["--reset=si"])).toThrow("La opción --reset no lleva valor");
    expect(() => parseSeedArgs(["--clients", "0"])).toThrow(/sin clientes/);
    expect(parseSeedArgs(["--clients", "0", "--trackings", "0"]).clients).toBe(0);
  });
});
