// Which market a vehicle belongs to (docs/decisions/111). US parts catalogs (RockAuto, AutoZone,
// Advance Auto Parts) list only vehicles sold in the US and Canada: a Costa Rican Hilux, Navara or
// Grand i10 is not there, and a link to them wastes the client's time. The table names the makes
// and the models that were not sold in the US under that name; anything not listed is taken as
// sold there (most of what rolls in Costa Rica is).

export interface MakeInfo {
  /** The make as the stores' tables name it. */
  id: string;
  /** Last model year sold in the US; null: never (or not for decades); undefined: still sold. */
  usUntil?: number | null;
}

const MAKES: Record<string, MakeInfo> = {};
function make(id: string, aliases: string[], usUntil?: number | null) {
  for (const name of [id, ...aliases]) MAKES[name] = { id, usUntil };
}
make("toyota", []);
make("lexus", []);
make("honda", []);
make("acura", []);
make("nissan", ["datsun"]);
make("infiniti", []);
make("mazda", []);
make("mitsubishi", []);
make("subaru", []);
make("suzuki", [], 2013);
make("isuzu", [], 2008);
make("daihatsu", [], 1992);
make("hyundai", []);
make("kia", []);
make("genesis", []);
make("ssangyong", [], null);
make("chevrolet", ["chevy"]);
for (const us of ["ford", "dodge", "jeep", "ram", "gmc", "chrysler", "cadillac", "buick", "tesla", "lincoln"]) make(us, []);
make("volkswagen", ["vw"]);
for (const eu of ["bmw", "audi", "volvo", "porsche", "mini", "land rover", "jaguar", "fiat", "alfa romeo"]) make(eu, []);
make("mercedes-benz", ["mercedes", "mercedes benz"]);
make("peugeot", [], 1991);
make("renault", [], 1987);
for (const never of ["citroen", "seat", "skoda", "opel", "dacia", "mahindra", "tata", "proton", "perodua", "lada", "mg"]) make(never, [], null);
for (const china of ["great wall", "haval", "jac", "chery", "geely", "byd", "changan", "dfsk", "dongfeng", "foton", "jmc", "baic", "jetour", "zotye", "faw"]) {
  make(china, [], null);
}

/** Models never sold in the US under that name, by make id. */
const NOT_IN_US: Record<string, string[]> = {
  toyota: ["hilux", "fortuner", "prado", "land cruiser prado", "rush", "avanza", "yaris cross", "hiace", "coaster", "etios", "agya", "raize", "innova", "starlet", "probox", "dyna"],
  nissan: ["navara", "np300", "tiida", "x-trail", "xtrail", "march", "almera", "patrol", "sunny", "urvan", "qashqai", "terrano"],
  mitsubishi: ["l200", "triton", "pajero", "montero sport", "xpander", "asx", "canter", "space star"],
  hyundai: ["creta", "grand i10", "i10", "i20", "h1", "h-1", "starex", "atos", "getz", "eon", "verna", "hd65"],
  kia: ["picanto", "morning", "soluto", "k2700", "k3000", "pregio", "sonet", "k2500"],
  suzuki: ["alto", "celerio", "jimny", "ertiga", "dzire", "apv", "s-presso", "ignis"],
  honda: ["city", "wr-v", "brio", "br-v", "jazz"],
  chevrolet: ["sail", "beat", "onix", "d-max", "luv", "n300", "n400", "prisma", "cobalt", "spin", "montana"],
  ford: ["ka", "figo", "everest"],
  volkswagen: ["gol", "amarok", "polo", "saveiro", "voyage", "t-cross", "virtus", "fox"],
  mazda: ["bt-50", "bt50", "demio"],
  isuzu: ["d-max", "dmax", "mu-x"],
};

const norm = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

export interface VehicleMarket {
  /** The make's id when known ('toyota'), else null. */
  make: string | null;
  /** Whether US-market parts catalogs list this vehicle. */
  soldInUs: boolean;
}

export function vehicleMarket(marca: string, modelo: string, anio: number): VehicleMarket {
  const info = MAKES[norm(marca)];
  if (!info) return { make: null, soldInUs: true };
  const model = norm(modelo);
  const notInUs = (NOT_IN_US[info.id] ?? []).some((name) => model === name || model.startsWith(`${name} `));
  const makeInUs = info.usUntil === undefined || (info.usUntil !== null && anio <= info.usUntil);
  return { make: info.id, soldInUs: makeInUs && !notInUs };
}
