// Command-line flags of `npm run seed`: --clients N --trackings M [--seed S] [--now ISO] [--reset].
// Without --seed the client codes are random (every install its own), the rest the same.

export interface SeedArgs {
  clients: number;
  trackings: number;
  /** Only when given: then the client codes are the seed's too (otherwise random). */
  seed?: number;
  reset: boolean;
  /** Anchor date for reproducible absolute dates; unset means the current hour. */
  now?: Date;
  help: boolean;
}

export const SEED_USAGE = `Uso: npm run seed -- [--clients N] [--trackings M] [--seed S] [--now FECHA] [--reset]

  --clients N     clientes a crear (predeterminado 200)
  --trackings M   paquetes a crear, repartidos entre los clientes (predeterminado 1000)
  --seed S        semilla: la misma semilla da los mismos datos, también los códigos de cliente
                  (sin ella: los datos de la semilla 1 con códigos de cliente al azar)
  --now FECHA     fecha de referencia ISO (ej. 2025-06-01T12:00:00Z); predeterminado: la hora actual
  --reset         vacía todas las tablas antes de sembrar`;

const NUMERIC = { "--clients": "clients", "--trackings": "trackings", "--seed": "seed" } as const;

/** Parses the flags; throws an Error with a Spanish message on anything it does not understand. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const args: SeedArgs = { clients: 200, trackings: 1000, reset: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes("=") ? (argv[i].split(/=(.*)/s, 2) as [string, string]) : [argv[i], undefined];
    if (flag === "--reset" || flag === "--help" || flag === "-h") {
      if (inline !== undefined) throw new Error(`La opción ${flag} no lleva valor`);
      if (flag === "--reset") args.reset = true;
      else args.help = true;
      continue;
    }
    if (!(flag in NUMERIC) && flag !== "--now") throw new Error(`Opción desconocida: ${argv[i]}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") throw new Error(`Falta el valor de ${flag}`);
    if (flag === "--now") {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) throw new Error(`Fecha inválida para --now: ${value}`);
      args.now = date;
      continue;
    }
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new Error(`${flag} debe ser un número entero mayor o igual a 0 (recibido: ${value})`);
    }
    args[NUMERIC[flag as keyof typeof NUMERIC]] = Number(value);
  }
  if (args.trackings > 0 && args.clients === 0) throw new Error("No se pueden crear paquetes sin clientes (--clients 0)");
  return args;
}
