// Realistic Costa Rican demo data for the seed: names with two surnames, addresses by
// landmark across the seven provinces, +506 mobile numbers, e-mails, stores with Spanish
// product descriptions, and tracking numbers in each carrier's real format.
import type { Carrier as CarrierName } from "../../shared/domain/carriers";
import type { Origin } from "../../shared/domain/statuses";
import type { Random } from "./random";

// ---------------------------------------------------------------- people

const FEMALE_NAMES = [
  "María", "Ana", "Laura", "Sofía", "Valeria", "Daniela", "Mariela", "Karla", "Kattia", "Yorleny",
  "Yendry", "Dayana", "Hazel", "Adriana", "Andrea", "Carolina", "Fabiola", "Gabriela", "Melissa", "Natalia",
  "Paola", "Rebeca", "Silvia", "Tatiana", "Viviana", "Wendy", "Xinia", "Ximena", "Marcela", "Priscilla",
  "Jimena", "Camila", "Isabel", "Lucía", "Alejandra", "Raquel", "Floribeth", "Marianela", "Sharon", "Keilyn",
  "Nicole", "Allison", "Fernanda", "Rocío", "Guiselle", "Ileana", "Ligia", "Roxana", "Cinthya", "Johanna",
] as const;
const MALE_NAMES = [
  "José", "Juan", "Luis", "Carlos", "Jorge", "Andrés", "Fabián", "Esteban", "Josué", "Randall",
  "Marvin", "Melvin", "Ronald", "Allan", "Jeison", "Keylor", "Jordan", "Daniel", "David", "Diego",
  "Mauricio", "Minor", "Óscar", "Pablo", "Rodrigo", "Sergio", "Alonso", "Gerardo", "Greivin", "Bryan",
  "Kevin", "Cristian", "Eduardo", "Érick", "Francisco", "Gustavo", "Johnny", "Manuel", "Mario", "Olman",
  "Rafael", "Ricardo", "Roberto", "Steven", "Alexánder", "Emmanuel", "Felipe", "Adrián", "Leonardo", "Víctor",
] as const;
/** Compound first names as they are commonly given in Costa Rica. */
const COMPOUND_NAMES = [
  "María José", "María Fernanda", "María Paula", "Ana Lucía", "Ana Cristina", "María de los Ángeles",
  "José Pablo", "Juan Carlos", "Luis Diego", "José Miguel", "Juan Pablo", "Carlos Andrés", "Luis Fernando",
  "José Alberto", "Jorge Arturo", "Marco Vinicio",
] as const;
const SURNAMES: readonly (readonly [string, number])[] = [
  ["Rodríguez", 9], ["Vargas", 8], ["Jiménez", 8], ["Mora", 8], ["Rojas", 7], ["González", 7], ["Sánchez", 6],
  ["Hernández", 6], ["Ramírez", 6], ["Castro", 5], ["Araya", 5], ["Solano", 4], ["Alvarado", 4], ["Chaves", 4],
  ["Quesada", 4], ["Salazar", 4], ["Villalobos", 4], ["Arias", 4], ["Méndez", 3], ["Zúñiga", 3], ["Campos", 3],
  ["Calderón", 3], ["Brenes", 3], ["Segura", 3], ["Cordero", 3], ["Herrera", 3], ["Madrigal", 3], ["Ulate", 2],
  ["Murillo", 3], ["Soto", 3], ["Porras", 3], ["Monge", 3], ["Valverde", 3], ["Fallas", 2], ["Picado", 2],
  ["Barrantes", 2], ["Cascante", 2], ["Elizondo", 2], ["Umaña", 2], ["Navarro", 2], ["Carvajal", 2],
  ["Esquivel", 2], ["Aguilar", 3], ["Cerdas", 2], ["Bolaños", 2], ["Alfaro", 2], ["Leiva", 2], ["Badilla", 2],
  ["Obando", 1], ["Acuña", 2], ["Vindas", 1], ["Granados", 2], ["Guzmán", 2], ["Sibaja", 1], ["Montero", 2],
  ["Vega", 2], ["Chacón", 2], ["Cruz", 2], ["Fernández", 3], ["López", 3], ["Pérez", 3], ["Martínez", 2],
  ["Gómez", 2], ["Díaz", 2], ["Matarrita", 1], ["Briceño", 1], ["Espinoza", 2], ["Corrales", 1], ["Marín", 2],
];

/** "María José Rodríguez Vargas": one or two given names, then father's and mother's surnames. */
export function generatePersonName(r: Random): string {
  const female = r.chance(0.5);
  let given: string;
  if (r.chance(0.14)) given = r.pick(COMPOUND_NAMES);
  else given = female ? r.pick(FEMALE_NAMES) : r.pick(MALE_NAMES);
  let second = r.weighted(SURNAMES);
  const first = r.weighted(SURNAMES);
  if (second === first && r.chance(0.8)) second = r.weighted(SURNAMES);
  return `${given} ${first} ${second}`;
}

// ---------------------------------------------------------------- addresses

type Cantons = Record<string, readonly string[]>;

/** Province → canton → districts (real names; a representative subset of each province). */
const PROVINCES: Record<string, { weight: number; cantons: Cantons }> = {
  "San José": {
    weight: 31,
    cantons: {
      "San José": ["Carmen", "Merced", "Hospital", "Catedral", "Zapote", "San Francisco de Dos Ríos", "Uruca", "Mata Redonda", "Pavas", "Hatillo", "San Sebastián"],
      "Escazú": ["Escazú", "San Antonio", "San Rafael"],
      "Desamparados": ["Desamparados", "San Miguel", "San Juan de Dios", "San Rafael Arriba", "San Antonio", "Patarrá", "Damas", "Gravilias"],
      "Aserrí": ["Aserrí", "Tarbaca", "Vuelta de Jorco", "Salitrillos"],
      "Mora": ["Colón", "Guayabo", "Tabarcia", "Piedras Negras"],
      "Goicoechea": ["Guadalupe", "San Francisco", "Calle Blancos", "Mata de Plátano", "Ipís", "Rancho Redondo", "Purral"],
      "Santa Ana": ["Santa Ana", "Salitral", "Pozos", "Uruca", "Piedades", "Brasil"],
      "Alajuelita": ["Alajuelita", "San Josecito", "San Antonio", "Concepción", "San Felipe"],
      "Vázquez de Coronado": ["San Isidro", "Dulce Nombre de Jesús", "Patalillo", "Cascajal"],
      "Tibás": ["San Juan", "Cinco Esquinas", "Anselmo Llorente", "León XIII", "Colima"],
      "Moravia": ["San Vicente", "San Jerónimo", "La Trinidad"],
      "Montes de Oca": ["San Pedro", "Sabanilla", "Mercedes", "San Rafael"],
      "Curridabat": ["Curridabat", "Granadilla", "Sánchez", "Tirrases"],
      "Pérez Zeledón": ["San Isidro de El General", "Daniel Flores", "Rivas", "Platanares", "Pejibaye"],
      "Tarrazú": ["San Marcos", "San Lorenzo", "San Carlos"],
      "Puriscal": ["Santiago", "Mercedes Sur", "Barbacoas", "Grifo Alto"],
    },
  },
  "Alajuela": {
    // The office is in Grecia, so the province weighs a little more than its population.
    weight: 24,
    cantons: {
      "Alajuela": ["Alajuela", "San José", "Carrizal", "San Antonio", "Guácima", "San Isidro", "Sabanilla", "San Rafael", "Río Segundo", "Desamparados", "Turrúcares", "Tambor", "Garita"],
      "San Ramón": ["San Ramón", "Santiago", "San Juan", "Piedades Norte", "San Rafael", "Volio"],
      "Grecia": ["Grecia", "San Isidro", "San José", "San Roque", "Tacares", "Puente de Piedra", "Bolívar"],
      "Atenas": ["Atenas", "Jesús", "Mercedes", "San Isidro", "Concepción", "Santa Eulalia"],
      "Naranjo": ["Naranjo", "San Miguel", "San José", "Cirrí Sur", "San Jerónimo"],
      "Palmares": ["Palmares", "Zaragoza", "Buenos Aires", "Santiago", "Candelaria", "Esquipulas", "La Granja"],
      "Poás": ["San Pedro", "San Juan", "San Rafael", "Carrillos", "Sabana Redonda"],
      "Sarchí": ["Sarchí Norte", "Sarchí Sur", "Toro Amarillo", "San Pedro"],
      "San Carlos": ["Quesada", "Florencia", "Buenavista", "Aguas Zarcas", "Venecia", "Pital", "La Fortuna", "La Tigra"],
      "Upala": ["Upala", "Aguas Claras", "San José o Pizote"],
      "Orotina": ["Orotina", "El Mastate", "Hacienda Vieja", "Coyolar", "La Ceiba"],
      "Los Chiles": ["Los Chiles", "Caño Negro", "El Amparo"],
    },
  },
  "Cartago": {
    weight: 11,
    cantons: {
      "Cartago": ["Oriental", "Occidental", "Carmen", "San Nicolás", "Guadalupe", "Corralillo", "Tierra Blanca", "Dulce Nombre", "Llano Grande", "Quebradilla"],
      "Paraíso": ["Paraíso", "Santiago", "Orosi", "Cachí", "Llanos de Santa Lucía"],
      "La Unión": ["Tres Ríos", "San Diego", "San Juan", "San Rafael", "Concepción", "Dulce Nombre", "San Ramón", "Río Azul"],
      "Jiménez": ["Juan Viñas", "Tucurrique", "Pejibaye"],
      "Turrialba": ["Turrialba", "La Suiza", "Peralta", "Santa Cruz", "Santa Teresita", "Pavones"],
      "Alvarado": ["Pacayas", "Cervantes", "Capellades"],
      "Oreamuno": ["San Rafael", "Cot", "Potrero Cerrado", "Cipreses", "Santa Rosa"],
      "El Guarco": ["El Tejar", "San Isidro", "Tobosi", "Patio de Agua"],
    },
  },
  "Heredia": {
    weight: 10,
    cantons: {
      "Heredia": ["Heredia", "Mercedes", "San Francisco", "Ulloa", "Varablanca"],
      "Barva": ["Barva", "San Pedro", "San Pablo", "San Roque", "Santa Lucía", "San José de la Montaña"],
      "Santo Domingo": ["Santo Domingo", "San Vicente", "San Miguel", "Paracito", "Santo Tomás", "Santa Rosa", "Tures", "Pará"],
      "Santa Bárbara": ["Santa Bárbara", "San Pedro", "San Juan", "Jesús", "Santo Domingo", "Purabá"],
      "San Rafael": ["San Rafael", "San Josecito", "Santiago", "Los Ángeles", "Concepción"],
      "San Isidro": ["San Isidro", "San José", "Concepción", "San Francisco"],
      "Belén": ["San Antonio", "La Ribera", "La Asunción"],
      "Flores": ["San Joaquín", "Barrantes", "Llorente"],
      "San Pablo": ["San Pablo", "Rincón de Sabanilla"],
      "Sarapiquí": ["Puerto Viejo", "La Virgen", "Horquetas", "Llanuras del Gaspar", "Cureña"],
    },
  },
  "Guanacaste": {
    weight: 7,
    cantons: {
      "Liberia": ["Liberia", "Cañas Dulces", "Mayorga", "Nacascolo", "Curubandé"],
      "Nicoya": ["Nicoya", "Mansión", "San Antonio", "Quebrada Honda", "Sámara", "Nosara", "Belén de Nosarita"],
      "Santa Cruz": ["Santa Cruz", "Bolsón", "Veintisiete de Abril", "Tempate", "Cartagena", "Cuajiniquil", "Diriá", "Cabo Velas", "Tamarindo"],
      "Bagaces": ["Bagaces", "La Fortuna", "Mogote", "Río Naranjo"],
      "Carrillo": ["Filadelfia", "Palmira", "Sardinal", "Belén"],
      "Cañas": ["Cañas", "Palmira", "San Miguel", "Bebedero", "Porozal"],
      "Abangares": ["Las Juntas", "Sierra", "San Juan", "Colorado"],
      "Tilarán": ["Tilarán", "Quebrada Grande", "Tronadora", "Santa Rosa", "Líbano", "Tierras Morenas", "Arenal"],
      "Nandayure": ["Carmona", "Santa Rita", "Zapotal", "San Pablo", "Porvenir", "Bejuco"],
      "La Cruz": ["La Cruz", "Santa Cecilia", "La Garita", "Santa Elena"],
      "Hojancha": ["Hojancha", "Monte Romo", "Puerto Carrillo", "Huacas"],
    },
  },
  "Puntarenas": {
    weight: 9,
    cantons: {
      "Puntarenas": ["Puntarenas", "Pitahaya", "Chomes", "Lepanto", "Paquera", "Manzanillo", "Guacimal", "Barranca", "Monteverde", "Cóbano", "Chacarita", "El Roble"],
      "Esparza": ["Espíritu Santo", "San Juan Grande", "Macacona", "San Rafael", "San Jerónimo", "Caldera"],
      "Buenos Aires": ["Buenos Aires", "Volcán", "Potrero Grande", "Boruca"],
      "Montes de Oro": ["Miramar", "La Unión", "San Isidro"],
      "Osa": ["Puerto Cortés", "Palmar", "Sierpe", "Bahía Ballena", "Piedras Blancas", "Bahía Drake"],
      "Quepos": ["Quepos", "Savegre", "Naranjito"],
      "Golfito": ["Golfito", "Guaycará", "Pavón"],
      "Coto Brus": ["San Vito", "Sabalito", "Agua Buena", "Limoncito"],
      "Parrita": ["Parrita"],
      "Corredores": ["Corredor", "La Cuesta", "Canoas", "Laurel"],
      "Garabito": ["Jacó", "Tárcoles"],
    },
  },
  "Limón": {
    weight: 8,
    cantons: {
      "Limón": ["Limón", "Valle La Estrella", "Río Blanco", "Matama"],
      "Pococí": ["Guápiles", "Jiménez", "La Rita", "Roxana", "Cariari", "Colorado", "La Colonia"],
      "Siquirres": ["Siquirres", "Pacuarito", "Florida", "Germania", "El Cairo", "Alegría", "Reventazón"],
      "Talamanca": ["Bratsi", "Sixaola", "Cahuita", "Telire"],
      "Matina": ["Matina", "Batán", "Carrandi"],
      "Guácimo": ["Guácimo", "Mercedes", "Pocora", "Río Jiménez", "Duacarí"],
    },
  },
};

export const PROVINCE_NAMES = Object.keys(PROVINCES);
const PROVINCE_WEIGHTS = PROVINCE_NAMES.map((p) => [p, PROVINCES[p].weight] as const);

const LANDMARKS: readonly ((district: string) => string)[] = [
  (d) => `De la iglesia católica de ${d}`,
  (d) => `De la iglesia de ${d}`,
  (d) => `Del parque de ${d}`,
  (d) => `De la escuela de ${d}`,
  (d) => `Del EBAIS de ${d}`,
  (d) => `De la plaza de deportes de ${d}`,
  (d) => `Del salón comunal de ${d}`,
  () => "Del Palí",
  () => "Del Más x Menos",
  () => "Del Banco Nacional",
  () => "Del BCR",
  () => "De la Cruz Roja",
  () => "De la bomba Uno",
  () => "Del cementerio",
  () => "De la pulpería La Esquina",
  () => "Del Super Compro",
  () => "De la Delegación de Policía",
  () => "Del antiguo Banco Popular",
  () => "Del colegio técnico",
  () => "Del Walmart",
];
const DISTANCES = ["25 m", "50 m", "75 m", "100 m", "125 m", "150 m", "200 m", "250 m", "300 m", "400 m", "500 m", "600 m", "1 km"];
const DIRECTIONS = ["norte", "sur", "este", "oeste"];
const HOMES = [
  "casa esquinera portón negro",
  "casa color verde a mano derecha",
  "casa de dos plantas color beige",
  "segunda casa a mano izquierda, portón café",
  "casa con verjas blancas",
  "casa amarilla con jardín al frente",
  "casa de cemento gris, portón eléctrico",
  "frente al taller mecánico",
  "contiguo a la soda",
  "diagonal a la panadería",
  "casa celeste con palmeras",
  "tercera casa a mano derecha",
  "casa al fondo de la servidumbre",
  "apartamentos color terracota, apartamento 2",
];
const CONDOMINIUMS = ["Los Almendros", "Villa Verde", "Las Palmas", "El Roble", "Monte Alto", "Vista Real", "Los Jardines", "Altos del Valle", "La Arboleda", "Bosques de Lindora"];

function directions(r: Random): string {
  const heading = r.pick(DIRECTIONS);
  const first = `${r.pick(DISTANCES)} ${heading}`;
  if (!r.chance(0.35)) return first;
  // The second leg turns: "200 m norte y 50 m este", never "norte y … norte".
  const turn = heading === "norte" || heading === "sur" ? r.pick(["este", "oeste"]) : r.pick(["norte", "sur"]);
  return `${first} y ${r.pick(["25 m", "50 m", "75 m", "100 m", "150 m"])} ${turn}`;
}

/** "De la iglesia de San Rafael 200 m norte, casa esquinera portón negro, San Rafael, Alajuela, Alajuela". */
export function generateAddress(r: Random): string {
  const province = r.weighted(PROVINCE_WEIGHTS);
  const cantons = PROVINCES[province].cantons;
  const canton = r.pick(Object.keys(cantons));
  const district = r.pick(cantons[canton]);
  const home = r.chance(0.12)
    ? `condominio ${r.pick(CONDOMINIUMS)}, casa ${r.int(1, 60)}`
    : r.pick(HOMES);
  // Districts named like their canton are written once, as people do.
  const place = district === canton ? canton : `${district}, ${canton}`;
  return `${r.pick(LANDMARKS)(district)} ${directions(r)}, ${home}, ${place}, ${province}`;
}

// ---------------------------------------------------------------- phones and e-mails

/** A Costa Rican mobile number stored normalized: +506 then 8 digits starting with 6, 7 or 8. */
export function generateMobileNumber(r: Random): string {
  const first = r.weighted([["8", 55], ["6", 30], ["7", 15]] as const);
  return `+506${first}${r.digits(7)}`;
}

/** The same kind of number the way people type it in a free-text field ("8812-3456"). */
export function formatTypedPhone(r: Random, normalized: string): string {
  const local = normalized.slice(4);
  return r.weighted([
    [`${local.slice(0, 4)}-${local.slice(4)}`, 5],
    [local, 3],
    [`+506 ${local.slice(0, 4)} ${local.slice(4)}`, 2],
  ] as const);
}

const EMAIL_DOMAINS = [["gmail.com", 62], ["hotmail.com", 16], ["yahoo.com", 7], ["outlook.com", 7], ["icloud.com", 4], ["racsa.co.cr", 2], ["ice.go.cr", 1], ["ucr.ac.cr", 1]] as const;

function asciiWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/** An address derived from the person's name, the way people pick them. */
export function generateEmail(r: Random, nombre: string): string {
  const words = nombre.split(" ").map(asciiWord).filter(Boolean);
  const given = words[0];
  const surname1 = words[words.length - 2] ?? words[0];
  const surname2 = words[words.length - 1];
  const local = r.weighted([
    [`${given}.${surname1}`, 30],
    [`${given}${surname1}${r.int(1, 99)}`, 20],
    [`${given[0]}${surname1}${surname2[0]}`, 15],
    [`${given}_${surname1}${r.int(80, 105) % 100}`, 10],
    [`${surname1}.${given}`, 8],
    [`${given}${r.int(1970, 2006)}`, 10],
    [`${given}.${surname1}.${surname2}`, 7],
  ] as const);
  return `${local}@${r.weighted(EMAIL_DOMAINS)}`;
}

// ---------------------------------------------------------------- carriers and tracking numbers

export type CarrierId = "UPS" | "USPS" | "FEDEX" | "AMAZON" | "DHL" | "CHINA_POST" | "YUNEXPRESS";

export interface Carrier {
  /** As stored in client_trackings.carrier: the name the app's own carrier detection gives. */
  name: CarrierName;
  /** Where the carrier's packages start; null when the store decides (DHL runs from both). */
  origin: Origin | null;
  /** The tracking-number format the carrier uses. */
  pattern: RegExp;
}

export const CARRIER_FORMATS: Record<CarrierId, Carrier> = {
  UPS: { name: "UPS", origin: "USA", pattern: /^1Z[A-Z0-9]{6}\d{10}$/ },
  USPS: { name: "USPS", origin: "USA", pattern: /^(9400|9205)\d{18}$/ },
  FEDEX: { name: "FedEx", origin: "USA", pattern: /^[2-9]\d{11}$/ },
  AMAZON: { name: "Amazon", origin: "USA", pattern: /^TBA\d{12}$/ },
  DHL: { name: "DHL", origin: null, pattern: /^[1-9]\d{9}$/ },
  CHINA_POST: { name: "China Post", origin: "CHINA", pattern: /^(LX|RB)\d{9}CN$/ },
  YUNEXPRESS: { name: "YunExpress", origin: "CHINA", pattern: /^YT\d{16}$/ },
};

const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A tracking number in the carrier's own format. */
export function generateTrackingNumber(r: Random, carrier: CarrierId): string {
  switch (carrier) {
    case "UPS":
      // 1Z, the shipper's account (6), the service code (2), the package number (8).
      return `1Z${r.chars(6, UPPER_ALNUM)}${r.pick(["01", "02", "03", "12", "13", "42"])}${r.digits(8)}`;
    case "USPS":
      return `${r.weighted([["9400", 7], ["9205", 3]] as const)}${r.int(1, 5)}${r.digits(17)}`;
    case "FEDEX":
      return `${r.weighted([["7", 6], ["2", 1], ["3", 1], ["5", 1], ["8", 1]] as const)}${r.digits(11)}`;
    case "AMAZON":
      return `TBA${r.int(1, 9)}${r.digits(11)}`;
    case "DHL":
      return `${r.int(1, 9)}${r.digits(9)}`;
    case "CHINA_POST":
      return `${r.pick(["LX", "RB"])}${r.digits(9)}CN`;
    case "YUNEXPRESS":
      // YunExpress numbers in circulation begin YT2.
      return `YT2${r.digits(15)}`;
  }
}

// ---------------------------------------------------------------- stores and products

export interface Product {
  descripcion: string;
  /** Product weight range in grams, before packing. */
  grams: readonly [number, number];
  /** Price range in USD. */
  usd: readonly [number, number];
  /** Big or heavy: often sent by sea. */
  bulky?: boolean;
}

export interface Store {
  name: string;
  /** Where the store ships from when the carrier does not say. */
  region: Origin;
  weight: number;
  carriers: readonly (readonly [CarrierId, number])[];
  products: readonly Product[];
}

const p = (descripcion: string, grams: [number, number], usd: [number, number], bulky = false): Product => ({ descripcion, grams, usd, bulky });

export const STORES: readonly Store[] = [
  {
    name: "Amazon",
    region: "USA",
    weight: 30,
    carriers: [["AMAZON", 45], ["USPS", 25], ["UPS", 20], ["FEDEX", 10]],
    products: [
      p("Audífonos inalámbricos con cancelación de ruido", [250, 400], [59, 349]),
      p("Cargador USB-C de 65 W", [120, 250], [19, 49]),
      p("Funda y protector de pantalla para celular", [60, 150], [9, 29]),
      p("Libros en inglés (2 unidades)", [500, 1400], [18, 60]),
      p("Freidora de aire de 5,8 litros", [4200, 6000], [79, 149], true),
      p("Filtros de agua para refrigeradora", [300, 700], [25, 55]),
      p("Juego de sábanas tamaño queen", [1200, 1900], [29, 69]),
      p("Suplemento de proteína en polvo 2 lb", [1000, 1200], [35, 65]),
      p("Kindle Paperwhite", [200, 350], [119, 189]),
      p("Cámara de seguridad Wi-Fi", [300, 600], [29, 99]),
      p("Teclado mecánico inalámbrico", [700, 1200], [49, 149]),
      p("Robot aspiradora", [3000, 4500], [149, 399], true),
      p("Vitaminas y suplementos", [300, 900], [20, 80]),
      p("Juguetes de armar LEGO", [600, 2500], [29, 159]),
      p("Disco duro externo 2 TB", [200, 300], [59, 99]),
      p("Licuadora de alta potencia", [3500, 5500], [69, 199], true),
    ],
  },
  {
    name: "eBay",
    region: "USA",
    weight: 6,
    carriers: [["USPS", 50], ["UPS", 25], ["FEDEX", 15], ["DHL", 10]],
    products: [
      p("Sensor de oxígeno para carro", [200, 400], [25, 90]),
      p("Pastillas de freno delanteras", [1500, 2500], [30, 80]),
      p("Reloj de pulsera usado", [100, 300], [40, 400]),
      p("Lente para cámara fotográfica", [400, 900], [150, 800]),
      p("Tarjeta gráfica usada", [800, 1600], [150, 600]),
      p("Repuestos para consola de videojuegos", [100, 400], [15, 60]),
      p("Cartas coleccionables", [50, 200], [10, 250]),
    ],
  },
  {
    name: "Walmart",
    region: "USA",
    weight: 8,
    carriers: [["FEDEX", 40], ["USPS", 30], ["UPS", 30]],
    products: [
      p("Olla arrocera", [1800, 3000], [25, 60], true),
      p("Juego de sartenes antiadherentes", [3000, 5000], [40, 120], true),
      p("Ropa para niño (lote)", [600, 1500], [25, 80]),
      p("Silla de carro para bebé", [5000, 8000], [90, 250], true),
      p("Juguetes variados", [800, 2500], [20, 90]),
      p("Artículos de limpieza y cuidado personal", [1500, 4000], [30, 90]),
      p("Televisor de 43 pulgadas", [7000, 9500], [199, 329], true),
    ],
  },
  {
    name: "Shein",
    region: "CHINA",
    weight: 10,
    carriers: [["YUNEXPRESS", 40], ["CHINA_POST", 25], ["USPS", 25], ["DHL", 10]],
    products: [
      p("Vestidos de verano (3 unidades)", [400, 900], [25, 60]),
      p("Blusas y accesorios", [300, 800], [15, 50]),
      p("Ropa de baño", [150, 400], [12, 35]),
      p("Lote de ropa variada", [1000, 3000], [40, 150]),
      p("Zapatos y bolsos", [800, 2000], [30, 90]),
      p("Ropa de niña", [300, 900], [15, 45]),
    ],
  },
  {
    name: "AliExpress",
    region: "CHINA",
    weight: 7,
    carriers: [["CHINA_POST", 45], ["YUNEXPRESS", 40], ["DHL", 15]],
    products: [
      p("Accesorios para celular", [50, 300], [5, 30]),
      p("Tiras de luces LED", [200, 600], [8, 35]),
      p("Repuestos para drone", [100, 400], [10, 80]),
      p("Juego de herramientas de precisión", [300, 800], [12, 45]),
      p("Reloj inteligente", [100, 250], [20, 70]),
      p("Piezas para impresora 3D", [300, 1500], [15, 120]),
    ],
  },
  {
    name: "Temu",
    region: "CHINA",
    weight: 7,
    carriers: [["YUNEXPRESS", 45], ["CHINA_POST", 35], ["USPS", 20]],
    products: [
      p("Organizadores de cocina", [500, 1500], [10, 40]),
      p("Accesorios para el cabello", [50, 250], [5, 20]),
      p("Juego de brochas de maquillaje", [150, 400], [8, 25]),
      p("Artículos de decoración para el hogar", [400, 2000], [15, 60]),
      p("Útiles escolares", [500, 1500], [10, 35]),
    ],
  },
  {
    name: "Best Buy",
    region: "USA",
    weight: 4,
    carriers: [["UPS", 50], ["FEDEX", 40], ["USPS", 10]],
    products: [
      p("Laptop de 15 pulgadas", [1800, 2600], [499, 1299]),
      p("Monitor de 27 pulgadas", [5000, 7500], [179, 449], true),
      p("Consola PlayStation 5", [3900, 4600], [449, 549]),
      p("Control inalámbrico de Xbox", [250, 400], [59, 79]),
      p("Tablet de 10 pulgadas", [450, 700], [129, 449]),
      p("Parlante Bluetooth", [500, 1200], [49, 199]),
    ],
  },
  {
    name: "Nike",
    region: "USA",
    weight: 3,
    carriers: [["FEDEX", 50], ["UPS", 40], ["USPS", 10]],
    products: [
      p("Tenis Air Max", [900, 1300], [120, 190]),
      p("Tenis para correr", [700, 1100], [90, 160]),
      p("Ropa deportiva (conjunto)", [400, 900], [50, 130]),
      p("Tacos de fútbol", [600, 900], [60, 250]),
    ],
  },
  {
    name: "Target",
    region: "USA",
    weight: 3,
    carriers: [["UPS", 35], ["USPS", 35], ["FEDEX", 30]],
    products: [
      p("Ropa de bebé", [300, 900], [20, 70]),
      p("Artículos para el hogar", [1000, 3500], [25, 120]),
      p("Juegos de mesa", [700, 1800], [15, 50]),
    ],
  },
  {
    name: "Apple",
    region: "USA",
    weight: 2,
    carriers: [["UPS", 60], ["FEDEX", 40]],
    products: [
      p("iPhone 15", [300, 400], [699, 999]),
      p("AirPods Pro", [100, 200], [189, 249]),
      p("iPad de 10,9 pulgadas", [600, 900], [349, 599]),
      p("Apple Watch", [250, 400], [249, 429]),
    ],
  },
  {
    name: "Home Depot",
    region: "USA",
    weight: 2,
    carriers: [["FEDEX", 50], ["UPS", 40], ["USPS", 10]],
    products: [
      p("Taladro inalámbrico con baterías", [2000, 3500], [99, 229]),
      p("Juego de llaves y dados", [3000, 7000], [59, 199], true),
      p("Lámparas LED para exterior", [1000, 2500], [30, 90]),
      p("Grifería para baño", [1500, 3000], [60, 180]),
    ],
  },
  {
    name: "Sephora",
    region: "USA",
    weight: 2,
    carriers: [["UPS", 40], ["USPS", 40], ["FEDEX", 20]],
    products: [
      p("Perfume de 100 ml", [400, 700], [80, 160]),
      p("Maquillaje y cuidado de la piel", [300, 900], [40, 180]),
    ],
  },
  {
    name: "Carter's",
    region: "USA",
    weight: 2,
    carriers: [["USPS", 50], ["UPS", 30], ["FEDEX", 20]],
    products: [
      p("Ropa de bebé (lote)", [600, 1500], [30, 90]),
      p("Pijamas para niños", [300, 800], [20, 50]),
    ],
  },
  {
    name: "RockAuto",
    region: "USA",
    weight: 3,
    carriers: [["UPS", 50], ["FEDEX", 30], ["USPS", 20]],
    products: [
      p("Bomba de agua para motor", [1500, 3000], [40, 120]),
      p("Kit de embrague", [5000, 9000], [120, 320], true),
      p("Amortiguadores traseros (par)", [4000, 7000], [80, 220], true),
      p("Filtros de aceite y aire", [500, 1500], [15, 45]),
      p("Faro delantero", [2000, 3500], [60, 180]),
    ],
  },
  {
    name: "Costco",
    region: "USA",
    weight: 1,
    carriers: [["UPS", 60], ["FEDEX", 40]],
    products: [
      p("Vitaminas en presentación grande", [800, 2000], [25, 60]),
      p("Aspiradora vertical", [3000, 5000], [149, 399], true),
    ],
  },
  {
    name: "Newegg",
    region: "USA",
    weight: 1,
    carriers: [["UPS", 50], ["FEDEX", 30], ["USPS", 20]],
    products: [
      p("Memoria RAM 32 GB", [100, 250], [69, 149]),
      p("Disco de estado sólido 1 TB", [80, 200], [59, 129]),
      p("Fuente de poder 750 W", [1800, 2600], [89, 149]),
    ],
  },
  {
    name: "Adidas",
    region: "USA",
    weight: 1,
    carriers: [["UPS", 50], ["FEDEX", 40], ["USPS", 10]],
    products: [p("Tenis Ultraboost", [800, 1200], [130, 190]), p("Camisetas de fútbol", [200, 500], [70, 130])],
  },
  {
    name: "Macy's",
    region: "USA",
    weight: 1,
    carriers: [["UPS", 40], ["FEDEX", 40], ["USPS", 20]],
    products: [p("Ropa y accesorios", [500, 1500], [40, 200]), p("Juego de toallas", [1500, 2500], [40, 90])],
  },
  {
    name: "B&H Photo",
    region: "USA",
    weight: 1,
    carriers: [["UPS", 60], ["FEDEX", 30], ["DHL", 10]],
    products: [p("Cámara sin espejo", [600, 900], [699, 1999]), p("Micrófono de estudio", [500, 1000], [99, 299])],
  },
  {
    name: "Banggood",
    region: "CHINA",
    weight: 1,
    carriers: [["CHINA_POST", 50], ["YUNEXPRESS", 35], ["DHL", 15]],
    products: [p("Herramientas eléctricas pequeñas", [800, 2500], [20, 90]), p("Componentes electrónicos", [100, 500], [5, 40])],
  },
];

const STORE_WEIGHTS = STORES.map((s) => [s, s.weight] as const);

export function pickStore(r: Random): Store {
  return r.weighted(STORE_WEIGHTS);
}

// ---------------------------------------------------------------- free-text snippets

export const TRACKING_NOTES = [
  "Cliente solicita entrega en Heredia",
  "Consolidar con los otros paquetes del cliente",
  "Factura pendiente de enviar por el cliente",
  "Caja con golpe leve, se tomaron fotos",
  "Cliente retira en oficina de Grecia",
  "Paquete frágil",
  "Pagó por SINPE Móvil",
];

/** Occasional notes staff write when they move a package to a status. */
export const STATUS_NOTES: Record<string, readonly string[]> = {
  EN_BODEGA_MIAMI: ["Recibido en bodega de origen", "Paquete recibido en buen estado", "Caja con golpe leve, se tomaron fotos"],
  EN_ADUANAS: ["En proceso de desalmacenaje", "Consolidado en la guía de la semana", "Pendiente de liberación en aduana"],
  EN_BODEGA_CR: ["Recibido en bodega Costa Rica", "En bodega de Grecia"],
  LISTO_PARA_ENTREGAR: ["Cliente notificado por WhatsApp", "Listo para retirar en oficina de Grecia", "Se coordina entrega por mensajero"],
  ENTREGADO: ["Entregado al cliente en oficina", "Entregado por mensajero", "Enviado por Correos de Costa Rica"],
};

export const WHATSAPP_ENTRY_NOTES = [
  "Cliente avisado por teléfono",
  "Paquete con la caja dañada, se tomaron fotos",
  "Cliente pide entrega a domicilio",
  "Falta la factura de compra",
  "El tracking no aparece en el sistema del courier",
  "Cliente retira el sábado",
];

export const NOTICE_CLIENT_NOTES = [
  "Por favor avisarme cuando llegue",
  "Son 2 cajas del mismo pedido",
  "Es un regalo, favor no abrir",
  "Necesito que me lo entreguen en San José",
  "El vendedor dice que llega el jueves a Miami",
];

/** Staff notes on a notice, by the status it is in. */
export const NOTICE_ADMIN_NOTES: Record<string, readonly string[]> = {
  PENDIENTE: ["Se confirmó con el cliente por WhatsApp"],
  EN_PROCESO: ["Se confirmó con el cliente por WhatsApp", "Pendiente de factura", "Esperando que llegue a Miami"],
  COMPLETADO: ["Entregado en oficina", "Entregado por mensajero", "Llegó incompleto, se contactó al cliente"],
  CANCELADO: ["Cancelado a pedido del cliente", "Duplicado de otro aviso"],
};

export const CONTACT_MESSAGES: readonly ((r: Random) => string)[] = [
  () => "Buenas tardes, quisiera saber cuánto cuesta traer un paquete de 2 kg desde Miami.",
  () => "Hola, ¿cuánto tarda un envío marítimo desde China? Quiero importar mercadería para mi negocio.",
  (r) => `Buenos días, hice una compra en ${r.pick(STORES).name} y quiero saber cómo uso su dirección en Miami.`,
  () => "¿Hacen entregas fuera del Valle Central? Vivo en Guanacaste.",
  () => "Me gustaría abrir una cuenta para mi empresa, ¿qué requisitos tienen?",
  () => "Mi paquete aparece como entregado en Miami pero no lo veo en mi cuenta, ¿me pueden ayudar?",
  () => "¿Puedo consolidar varios paquetes en un solo envío para ahorrar?",
  () => "Quisiera cotizar el envío de un televisor de 55 pulgadas por barco.",
  () => "¿Tienen seguro para paquetes de más de 100 dólares?",
  () => "Hola, ¿el sábado están abiertos hasta las 3 de la tarde?",
  () => "Necesito traer repuestos para un Toyota Hilux, ¿me ayudan a buscarlos?",
];

export const CAR_MODELS: readonly (readonly [string, readonly string[]])[] = [
  ["Toyota", ["Hilux", "Corolla", "RAV4", "Yaris", "Land Cruiser Prado", "Fortuner", "Rush"]],
  ["Hyundai", ["Tucson", "Accent", "Elantra", "Santa Fe", "Creta"]],
  ["Nissan", ["Frontier", "Sentra", "X-Trail", "Tiida", "Kicks"]],
  ["Suzuki", ["Vitara", "Swift", "Jimny", "Grand Vitara"]],
  ["Mitsubishi", ["L200", "Montero Sport", "ASX", "Outlander"]],
  ["Honda", ["CR-V", "Civic", "Fit", "HR-V"]],
  ["Kia", ["Sportage", "Rio", "Picanto", "Sorento"]],
  ["Mazda", ["Mazda 3", "BT-50", "CX-5"]],
  ["Isuzu", ["D-Max", "Trooper"]],
  ["Chevrolet", ["Spark", "Tracker", "Colorado"]],
];

export const CAR_PARTS = [
  "Pastillas de freno delanteras",
  "Filtro de aceite",
  "Bomba de agua",
  "Alternador",
  "Sensor de oxígeno",
  "Kit de embrague",
  "Amortiguadores traseros",
  "Faro delantero izquierdo",
  "Espejo retrovisor derecho",
  "Radiador",
  "Correa de distribución",
  "Bujías (juego de 4)",
  "Motor de arranque",
  "Bomba de combustible",
  "Compresor del aire acondicionado",
];

export const PART_STORES: readonly (readonly [string, (q: string) => string])[] = [
  ["RockAuto", (q) => `https://www.rockauto.com/en/partsearch/?partnum=${encodeURIComponent(q)}`],
  ["Amazon", (q) => `https://www.amazon.com/s?k=${encodeURIComponent(q)}`],
  ["eBay Motors", (q) => `https://www.ebay.com/sch/i.html?_nkw=${encodeURIComponent(q)}`],
  ["AutoZone", (q) => `https://www.autozone.com/searchresult?searchText=${encodeURIComponent(q)}`],
];
