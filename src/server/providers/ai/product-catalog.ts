// The offline estimator's catalog: the kinds of products people import to Costa Rica, each with
// the Spanish and English words (and store-slug words) that name it, and a typical weight and
// size alone and packed as stores ship it. Figures are typical retail boxes inside a courier
// mailer or carton; they are estimates to quote with, not measurements.

export interface Size {
  largo: number;
  ancho: number;
  alto: number;
}

export interface ScreenScaling {
  /** Assumed when the text names no size. */
  defaultInches: number;
  minInches: number;
  maxInches: number;
  /** Packed kilograms ≈ factor × diagonal² (fits common 24"–75" boxes). */
  packedKgPerSquareInch: number;
  /** Depth of the panel alone and of its box, cm. */
  depthCm: number;
  packedDepthCm: number;
}

export interface CatalogCategory {
  id: string;
  /** Spanish name shown as categoria_producto. */
  label: string;
  /**
   * Words and phrases, lowercase without accents, and how strongly each points to this
   * category: 5–6 names the product outright ("iphone"), 3–4 is a common noun ("zapatos"),
   * 1–2 is a hint (a brand that makes several kinds of things). A plural "s"/"es" also matches.
   */
  keywords: Record<string, number>;
  /** Grams of the product alone and packed for shipping. */
  grams: number;
  packedGrams: number;
  size: Size;
  packedSize: Size;
  /** Import notes specific to this kind of product. */
  notes: string[];
  screen?: ScreenScaling;
  /**
   * Furniture, large appliances and other big boxes: sea is recommended whatever the per-gram air
   * price says, because by air they travel at their volumetric weight (docs/decisions/112).
   */
  bulky?: boolean;
  /** The unpacked sizes are the product taken apart as it travels (a bicycle, a desk, a treadmill). */
  knockedDown?: boolean;
  /** Why this kind of goods may not fly at all (sea is then the only recommendation). */
  airForbidden?: string;
  /** The kilos such products name are a capacity, not their weight (a "20 kg" washer): never used as the weight. */
  namedWeightIsCapacity?: boolean;
  /** Sold in sets ("juego de 4", "set of 4", "4 llantas"): the estimate is for the whole set. */
  countable?: boolean;
  /** Car tyres: the size written "265/70R16" gives the tyre's own weight and box. */
  tyreSizes?: boolean;
}

const LITHIUM =
  "Trae batería de litio: viaja sin problema instalada en el equipo, pero las baterías sueltas o power banks tienen restricciones; consúltanos antes de comprarlas.";
const FRAGILE = "Es frágil: pide a la tienda embalaje reforzado y revisa el paquete al recibirlo.";
const SANITARY =
  "Para uso personal no suele haber trámite, pero la importación comercial de este tipo de producto puede requerir registro o permiso del Ministerio de Salud.";
const BULKY = "Es voluminoso: compara el aéreo con el marítimo, el marítimo cobra por pie cúbico y no por peso.";

export const CATALOG: CatalogCategory[] = [
  {
    id: "celular",
    label: "Celular / smartphone",
    keywords: {
      iphone: 6, smartphone: 5, celular: 5, telefono: 3, phone: 3, movil: 3, "galaxy s": 5, "galaxy a": 5,
      "galaxy z": 5, galaxy: 2, pixel: 3, motorola: 3, "moto g": 5, redmi: 4, xiaomi: 2, oneplus: 4, huawei: 2,
      unlocked: 2, desbloqueado: 2,
    },
    grams: 220,
    packedGrams: 500,
    size: { largo: 16, ancho: 8, alto: 1 },
    packedSize: { largo: 22, ancho: 14, alto: 8 },
    notes: [LITHIUM, "Revisa que el modelo funcione con las bandas de los operadores de Costa Rica antes de comprarlo."],
  },
  {
    id: "tablet",
    label: "Tablet o lector electrónico",
    keywords: { ipad: 6, tablet: 5, tableta: 5, "galaxy tab": 6, kindle: 5, "fire hd": 5, "e reader": 4, "lector electronico": 5 },
    grams: 480,
    packedGrams: 1000,
    size: { largo: 25, ancho: 18, alto: 1 },
    packedSize: { largo: 32, ancho: 24, alto: 8 },
    notes: [LITHIUM],
  },
  {
    id: "laptop",
    label: "Laptop / computadora portátil",
    keywords: {
      laptop: 6, portatil: 5, "computadora portatil": 6, notebook: 4, macbook: 6, chromebook: 6, ultrabook: 6,
      thinkpad: 6, ideapad: 6, vivobook: 6, zenbook: 6, inspiron: 5, pavilion: 3, "gaming laptop": 6,
    },
    grams: 1800,
    packedGrams: 3000,
    size: { largo: 36, ancho: 25, alto: 2 },
    packedSize: { largo: 48, ancho: 34, alto: 10 },
    notes: [LITHIUM, FRAGILE],
  },
  {
    id: "computadora-escritorio",
    label: "Computadora de escritorio",
    keywords: { desktop: 4, "computadora de escritorio": 6, "pc gamer": 6, "gaming pc": 6, "torre pc": 6, imac: 6, "all in one": 4 },
    grams: 8000,
    packedGrams: 11000,
    size: { largo: 45, ancho: 22, alto: 45 },
    packedSize: { largo: 58, ancho: 33, alto: 58 },
    notes: [FRAGILE, BULKY],
  },
  {
    id: "componentes-pc",
    label: "Componentes de computadora",
    keywords: {
      "tarjeta grafica": 6, "tarjeta de video": 6, "graphics card": 6, gpu: 5, rtx: 5, geforce: 5, radeon: 5,
      ssd: 5, nvme: 5, "disco duro": 5, "hard drive": 5, "memoria ram": 6, ram: 3, ddr4: 5, ddr5: 5,
      motherboard: 6, "tarjeta madre": 6, procesador: 4, processor: 4, cpu: 4, ryzen: 5, "intel core": 5,
      "fuente de poder": 6, "power supply": 5,
    },
    grams: 900,
    packedGrams: 1800,
    size: { largo: 30, ancho: 13, alto: 5 },
    packedSize: { largo: 38, ancho: 25, alto: 12 },
    notes: ["Los componentes electrónicos son sensibles a golpes y estática: que vengan en su bolsa antiestática y caja original."],
  },
  {
    id: "monitor",
    label: "Monitor de computadora",
    keywords: { monitor: 5, "gaming monitor": 6, "monitor gamer": 6, ultrawide: 5 },
    // A 27" screen; the estimator rescales to the size the text names.
    grams: 5800,
    packedGrams: 7700,
    size: { largo: 60, ancho: 33, alto: 8 },
    packedSize: { largo: 75, ancho: 48, alto: 20 },
    notes: [FRAGILE, BULKY],
    screen: { defaultInches: 27, minInches: 15, maxInches: 57, packedKgPerSquareInch: 0.0105, depthCm: 8, packedDepthCm: 20 },
  },
  {
    id: "televisor",
    label: "Televisor",
    keywords: {
      televisor: 6, television: 6, tv: 5, "smart tv": 6, "4k tv": 6, "uhd tv": 6, oled: 2, qled: 3, pantalla: 2,
      roku: 2, "fire tv": 3,
    },
    // A 50" set; the estimator rescales to the size the text names.
    grams: 10900,
    packedGrams: 14500,
    size: { largo: 111, ancho: 62, alto: 8 },
    packedSize: { largo: 126, ancho: 77, alto: 15 },
    notes: [FRAGILE, BULKY, "Los televisores grandes viajan mejor en su caja original, de pie y sin otros paquetes encima."],
    screen: { defaultInches: 50, minInches: 24, maxInches: 100, packedKgPerSquareInch: 0.0058, depthCm: 8, packedDepthCm: 15 },
  },
  {
    id: "audifonos",
    label: "Audífonos",
    keywords: {
      airpods: 6, audifonos: 5, auriculares: 5, headphones: 5, headphone: 5, earbuds: 6, earphones: 5,
      headset: 5, "in ear": 3, beats: 2,
    },
    grams: 250,
    packedGrams: 600,
    size: { largo: 18, ancho: 15, alto: 8 },
    packedSize: { largo: 24, ancho: 20, alto: 12 },
    notes: [LITHIUM],
  },
  {
    id: "parlante",
    label: "Parlante o barra de sonido",
    keywords: {
      parlante: 5, bocina: 5, speaker: 5, "bluetooth speaker": 6, "barra de sonido": 6, soundbar: 6, jbl: 3,
      "echo dot": 6, alexa: 3, "google nest": 4, subwoofer: 5,
    },
    grams: 1000,
    packedGrams: 1800,
    size: { largo: 25, ancho: 12, alto: 12 },
    packedSize: { largo: 32, ancho: 20, alto: 18 },
    notes: [],
  },
  {
    id: "reloj",
    label: "Reloj o smartwatch",
    keywords: { smartwatch: 6, "apple watch": 6, "galaxy watch": 6, reloj: 4, watch: 4, fitbit: 5, garmin: 4, casio: 3 },
    grams: 60,
    packedGrams: 350,
    size: { largo: 5, ancho: 4, alto: 1 },
    packedSize: { largo: 15, ancho: 12, alto: 9 },
    notes: [],
  },
  {
    id: "consola",
    label: "Consola de videojuegos",
    keywords: { playstation: 6, ps5: 6, ps4: 6, xbox: 6, "series x": 5, consola: 4, console: 4 },
    grams: 4500,
    packedGrams: 6500,
    size: { largo: 39, ancho: 26, alto: 10 },
    packedSize: { largo: 50, ancho: 45, alto: 17 },
    notes: [FRAGILE],
  },
  {
    id: "consola-portatil",
    label: "Consola portátil",
    keywords: { "nintendo switch": 7, "switch oled": 7, "steam deck": 7, "rog ally": 7, nintendo: 4, "switch 2": 6 },
    grams: 420,
    packedGrams: 1200,
    size: { largo: 24, ancho: 10, alto: 2 },
    packedSize: { largo: 30, ancho: 20, alto: 12 },
    notes: [LITHIUM],
  },
  {
    id: "videojuegos",
    label: "Videojuego o control",
    keywords: { videojuego: 5, "video game": 5, dualsense: 6, "control de ps5": 6, "xbox controller": 7, gamepad: 5, joystick: 4 },
    grams: 250,
    packedGrams: 500,
    size: { largo: 17, ancho: 14, alto: 6 },
    packedSize: { largo: 22, ancho: 18, alto: 9 },
    notes: [],
  },
  {
    id: "camara",
    label: "Cámara, lente o dron",
    keywords: {
      camara: 5, camera: 5, gopro: 6, dslr: 6, mirrorless: 6, "canon eos": 6, lente: 3, lens: 3, dron: 5,
      drone: 5, dji: 4, webcam: 4,
    },
    grams: 800,
    packedGrams: 1800,
    size: { largo: 15, ancho: 12, alto: 10 },
    packedSize: { largo: 30, ancho: 25, alto: 20 },
    notes: [LITHIUM, FRAGILE],
  },
  {
    id: "impresora",
    label: "Impresora",
    keywords: { impresora: 6, printer: 6, "impresora 3d": 7, "3d printer": 7, multifuncional: 4 },
    grams: 6000,
    packedGrams: 8000,
    size: { largo: 45, ancho: 35, alto: 25 },
    packedSize: { largo: 55, ancho: 45, alto: 32 },
    notes: [FRAGILE, BULKY],
  },
  {
    id: "accesorio-electronico",
    label: "Accesorio de celular o computadora",
    keywords: {
      funda: 7, case: 7, estuche: 5, cover: 5, "protector de pantalla": 8, "screen protector": 8, cargador: 7,
      charger: 7, cable: 6, adaptador: 5, adapter: 5, "power bank": 8, powerbank: 8, "bateria portatil": 8,
      mouse: 5, teclado: 5, keyboard: 5, "memoria usb": 7, "flash drive": 7, "micro sd": 7, "sd card": 7,
      "usb hub": 7, magsafe: 5, "soporte para celular": 8, "phone holder": 8, "laptop stand": 9,
      "soporte para laptop": 9,
    },
    grams: 150,
    packedGrams: 300,
    size: { largo: 15, ancho: 10, alto: 3 },
    packedSize: { largo: 22, ancho: 15, alto: 6 },
    notes: ["Si es un power bank o una batería suelta, consúltanos antes de comprarlo: las baterías de litio sueltas viajan con restricciones."],
  },
  {
    id: "zapatos",
    label: "Zapatos",
    keywords: {
      zapatos: 5, zapato: 5, shoes: 5, shoe: 5, tenis: 5, sneakers: 6, sneaker: 6, zapatillas: 5, botas: 5,
      boots: 5, boot: 4, sandalias: 5, sandals: 5, sandal: 5, tacones: 5, heels: 4, chanclas: 5, slides: 3,
      crocs: 6, pantuflas: 5, slippers: 4, jordan: 3, nike: 2, adidas: 2, "new balance": 4, converse: 4,
      vans: 3, skechers: 4,
    },
    grams: 800,
    packedGrams: 1300,
    size: { largo: 30, ancho: 20, alto: 11 },
    packedSize: { largo: 35, ancho: 24, alto: 14 },
    notes: ["Si la caja del zapato no te interesa, pide que la retiren al consolidar: el paquete pesa y mide menos."],
  },
  {
    id: "ropa",
    label: "Ropa",
    keywords: {
      ropa: 5, clothing: 5, clothes: 5, camisa: 5, camiseta: 5, shirt: 5, tshirt: 5, blusa: 5, blouse: 5,
      pantalon: 5, pants: 5, jeans: 5, vestido: 5, dress: 5, hoodie: 6, sudadera: 5, chaqueta: 5, jacket: 5,
      abrigo: 5, coat: 4, sueter: 5, sweater: 5, falda: 5, skirt: 5, shorts: 5, leggings: 5, pijama: 5,
      pajamas: 5, calcetines: 5, socks: 5, medias: 4, "ropa interior": 6, underwear: 5, bikini: 5,
      "traje de bano": 6, swimsuit: 5, gorra: 5, sombrero: 5, hat: 4, polo: 2, uniforme: 4, men: 1, women: 1,
      mujer: 1, hombre: 1,
    },
    grams: 300,
    packedGrams: 450,
    size: { largo: 30, ancho: 25, alto: 3 },
    packedSize: { largo: 32, ancho: 26, alto: 6 },
    notes: ["La ropa viaja bien en bolsa plástica; no hace falta caja, así el envío cuesta menos."],
  },
  {
    id: "bolso",
    label: "Bolso, cartera o mochila",
    keywords: {
      bolso: 5, cartera: 5, purse: 5, handbag: 6, mochila: 5, backpack: 5, bag: 2, bolsa: 2, billetera: 5,
      wallet: 5, "tote bag": 6, crossbody: 5, lonchera: 5, "laptop backpack": 9, "mochila para laptop": 9,
      "laptop bag": 9, "laptop sleeve": 9,
    },
    grams: 600,
    packedGrams: 900,
    size: { largo: 35, ancho: 30, alto: 12 },
    packedSize: { largo: 40, ancho: 35, alto: 15 },
    notes: [],
  },
  {
    id: "maleta",
    label: "Maleta de viaje",
    keywords: { maleta: 6, suitcase: 6, luggage: 6, "carry on": 5, valija: 6 },
    grams: 3500,
    packedGrams: 4500,
    size: { largo: 70, ancho: 45, alto: 28 },
    packedSize: { largo: 75, ancho: 50, alto: 30 },
    notes: [BULKY],
  },
  {
    id: "electrodomestico-pequeno",
    label: "Electrodoméstico pequeño",
    keywords: {
      licuadora: 6, blender: 6, cafetera: 6, "coffee maker": 7, espresso: 4, nespresso: 6, keurig: 6,
      "air fryer": 7, airfryer: 7, freidora: 6, tostadora: 6, toaster: 6, batidora: 6, mixer: 4, kitchenaid: 5,
      "procesador de alimentos": 7, "food processor": 7, "instant pot": 7, "olla de presion": 7,
      "pressure cooker": 7, "olla arrocera": 7, "rice cooker": 7, "slow cooker": 7, waflera: 6, "waffle maker": 7,
      sandwichera: 6, extractor: 4, juicer: 6, hervidor: 5, kettle: 5, electrodomestico: 4, appliance: 4,
      ventilador: 5, fan: 3, "purificador de aire": 7, "air purifier": 7,
    },
    grams: 3500,
    packedGrams: 5000,
    size: { largo: 35, ancho: 25, alto: 30 },
    packedSize: { largo: 42, ancho: 32, alto: 38 },
    notes: [
      "Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica (lo normal en aparatos de Estados Unidos; los de China a veces vienen a 220 V).",
      FRAGILE,
    ],
  },
  {
    id: "electrodomestico-mediano",
    label: "Electrodoméstico mediano",
    keywords: {
      microondas: 7, microwave: 7, "horno electrico": 7, "toaster oven": 7, deshumidificador: 6,
      dehumidifier: 6, "mini refrigerador": 7, "mini fridge": 7, "maquina de coser": 7, "sewing machine": 7,
    },
    // A 1.2 ft³ microwave oven.
    grams: 14000,
    packedGrams: 16000,
    size: { largo: 52, ancho: 40, alto: 31 },
    packedSize: { largo: 60, ancho: 47, alto: 38 },
    notes: ["Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica.", FRAGILE, BULKY],
  },
  {
    id: "aspiradora",
    label: "Aspiradora",
    keywords: { aspiradora: 6, vacuum: 5, "robot aspiradora": 7, "robot vacuum": 7, "stick vacuum": 7, "aspiradora inalambrica": 7 },
    grams: 3500,
    packedGrams: 5500,
    size: { largo: 65, ancho: 25, alto: 22 },
    packedSize: { largo: 72, ancho: 30, alto: 28 },
    notes: [LITHIUM, "Revisa que el cargador funcione a 110–120 V y 60 Hz como la corriente de Costa Rica."],
    knockedDown: true,
  },
  {
    id: "refrigeradora",
    label: "Refrigeradora o congelador",
    keywords: {
      refrigeradora: 7, refrigerador: 7, refrigerator: 7, refri: 6, nevera: 7, fridge: 6, congelador: 7, freezer: 6,
    },
    // A two-door, 18 ft³ model.
    grams: 65000,
    packedGrams: 72000,
    size: { largo: 70, ancho: 68, alto: 170 },
    packedSize: { largo: 76, ancho: 74, alto: 178 },
    notes: [BULKY, "Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica.", "Debe viajar de pie: pide a la tienda que lo marque así."],
    bulky: true,
  },
  {
    id: "lavadora",
    label: "Lavadora, secadora o cocina",
    keywords: {
      lavadora: 7, "washing machine": 8, washer: 5, secadora: 5, dryer: 4, "lavadora secadora": 8, lavavajillas: 7,
      dishwasher: 7, estufa: 6, "cocina de gas": 8, "cocina electrica": 8, stove: 6,
    },
    grams: 68000,
    packedGrams: 74000,
    size: { largo: 60, ancho: 60, alto: 85 },
    packedSize: { largo: 66, ancho: 66, alto: 90 },
    notes: [BULKY, "Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica."],
    bulky: true,
    namedWeightIsCapacity: true,
  },
  {
    id: "aire-acondicionado",
    label: "Aire acondicionado",
    keywords: {
      "aire acondicionado": 8, "air conditioner": 8, "mini split": 8, minisplit: 8, "aire inverter": 7, btu: 3, inverter: 2,
    },
    // A 12 000 BTU split: the outdoor unit's size, both boxes' weight.
    grams: 38000,
    packedGrams: 45000,
    size: { largo: 80, ancho: 30, alto: 55 },
    packedSize: { largo: 92, ancho: 40, alto: 62 },
    notes: [BULKY, "Los equipos split traen gas refrigerante y la instalación la debe hacer un técnico certificado."],
    bulky: true,
  },
  {
    id: "cuidado-personal",
    label: "Aparato de cuidado personal",
    keywords: {
      "secadora de pelo": 7, "secadora de cabello": 7, "hair dryer": 7, "plancha de pelo": 7,
      "plancha de cabello": 7, "hair straightener": 7, "flat iron": 7, rizador: 6, "curling iron": 7, dyson: 4,
      rasuradora: 6, afeitadora: 6, shaver: 6, trimmer: 5, "cepillo electrico": 7, "electric toothbrush": 7,
      waterpik: 6, "water flosser": 7, depiladora: 6,
    },
    grams: 600,
    packedGrams: 1100,
    size: { largo: 25, ancho: 12, alto: 10 },
    packedSize: { largo: 30, ancho: 22, alto: 14 },
    notes: ["Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica."],
  },
  {
    id: "repuesto-auto",
    label: "Repuesto de vehículo",
    keywords: {
      repuesto: 5, "auto parts": 7, "car parts": 7, autoparts: 7, freno: 5, brake: 5, "pastillas de freno": 7,
      "brake pads": 7, "disco de freno": 7, rotor: 4, "filtro de aceite": 7, "oil filter": 7, "filtro de aire": 7,
      "air filter": 6, filtro: 3, filter: 3, bujia: 6, "spark plug": 7, amortiguador: 6, "shock absorber": 7,
      strut: 5, alternador: 6, alternator: 6, "motor de arranque": 7, starter: 4, radiador: 6, radiator: 6,
      faro: 5, headlight: 6, "tail light": 6, taillight: 6, "stop de carro": 7, retrovisor: 6, "side mirror": 6,
      bumper: 6, parachoques: 6, bomper: 6, "bomba de agua": 7, "water pump": 7, "bomba de gasolina": 7,
      "fuel pump": 7, "timing belt": 7, "kit de distribucion": 7, "faja de distribucion": 7, embrague: 6,
      clutch: 5, "cv axle": 7, catalizador: 6, "catalytic converter": 7, "sensor de oxigeno": 7, "o2 sensor": 7,
      "oxygen sensor": 7, "bobina de encendido": 7, "ignition coil": 7, "brazo de control": 7, "control arm": 7,
      "tie rod": 7, rotula: 6, "ball joint": 7, oem: 3, toyota: 2, honda: 2, hyundai: 2, nissan: 2, mitsubishi: 2,
      suzuki: 2, mazda: 2, kia: 2, chevrolet: 2, ford: 2, vehiculo: 2, carro: 2, auto: 1, car: 1, truck: 1,
    },
    grams: 2500,
    packedGrams: 3500,
    size: { largo: 35, ancho: 25, alto: 20 },
    packedSize: { largo: 42, ancho: 30, alto: 25 },
    notes: [
      "Confirma el número de parte con el VIN o el modelo exacto antes de comprar: un repuesto equivocado cuesta el doble en envíos.",
      "Los repuestos usados o con líquidos (aceite, refrigerante) deben venir drenados y bien sellados.",
    ],
  },
  {
    id: "llanta",
    label: "Llanta o aro",
    keywords: { llanta: 6, llantas: 6, tire: 6, tyre: 6, neumatico: 6 },
    // A 205/55 R16 car tyre.
    grams: 9000,
    packedGrams: 9500,
    size: { largo: 63, ancho: 63, alto: 21 },
    packedSize: { largo: 65, ancho: 65, alto: 23 },
    notes: [BULKY, "Cada llanta viaja como un bulto: el juego completo suma el peso y el volumen de todas."],
    countable: true,
    tyreSizes: true,
  },
  {
    id: "aro",
    label: "Aro de vehículo",
    keywords: { aro: 4, rin: 6, rines: 6, rim: 6, rims: 6, wheel: 3, "aro de magnesio": 8, "aros de lujo": 8 },
    // A 17-inch alloy wheel.
    grams: 10000,
    packedGrams: 11000,
    size: { largo: 45, ancho: 45, alto: 22 },
    packedSize: { largo: 50, ancho: 50, alto: 26 },
    notes: ["Cada aro viaja como un bulto: el juego completo suma el peso y el volumen de todos."],
    countable: true,
  },
  {
    id: "bateria-carro",
    label: "Batería de vehículo",
    keywords: {
      "bateria de carro": 9, "bateria para carro": 9, "bateria de auto": 9, "bateria automotriz": 9, "car battery": 9,
      "bateria de moto": 9, acumulador: 6,
    },
    grams: 15000,
    packedGrams: 16000,
    size: { largo: 26, ancho: 17, alto: 19 },
    packedSize: { largo: 30, ancho: 21, alto: 23 },
    notes: ["Las baterías de plomo-ácido llevan ácido: deben venir selladas, de pie y con los bornes protegidos."],
    airForbidden: "Una batería de plomo-ácido es carga peligrosa y no puede viajar por avión",
  },
  {
    id: "casco",
    label: "Casco",
    keywords: { casco: 6, helmet: 6, "casco de moto": 8, "casco para moto": 8, "motorcycle helmet": 8, "casco de bicicleta": 8 },
    grams: 1500,
    packedGrams: 2200,
    size: { largo: 30, ancho: 25, alto: 25 },
    packedSize: { largo: 36, ancho: 30, alto: 30 },
    notes: [],
  },
  {
    id: "juguete",
    label: "Juguete",
    keywords: {
      juguete: 5, toy: 5, lego: 6, muneca: 5, doll: 5, peluche: 5, plush: 5, "hot wheels": 7, barbie: 6, funko: 6,
      rompecabezas: 6, puzzle: 5, "juego de mesa": 7, "board game": 7, nerf: 6, "action figure": 7,
      "figura de accion": 7, "rc car": 7, "carro a control remoto": 7, kids: 1, ninos: 1,
    },
    grams: 700,
    packedGrams: 1200,
    size: { largo: 30, ancho: 22, alto: 10 },
    packedSize: { largo: 38, ancho: 28, alto: 15 },
    notes: ["Los juguetes con baterías de litio o imanes pequeños deben venir en su empaque original."],
  },
  {
    id: "cosmeticos",
    label: "Cosméticos y cuidado de la piel",
    keywords: {
      maquillaje: 6, makeup: 6, cosmetico: 6, cosmetics: 6, crema: 4, cream: 3, serum: 6, suero: 3, labial: 6,
      lipstick: 6, "skin care": 6, skincare: 6, "cuidado de la piel": 6, shampoo: 5, champu: 5, acondicionador: 4,
      conditioner: 4, locion: 4, lotion: 4, "protector solar": 7, sunscreen: 6, bloqueador: 5, rimel: 6,
      mascara: 3, foundation: 3, esmalte: 5, "nail polish": 7, cerave: 6, "the ordinary": 6, sephora: 3,
      "bath and body": 5,
    },
    grams: 250,
    packedGrams: 500,
    size: { largo: 12, ancho: 8, alto: 8 },
    packedSize: { largo: 20, ancho: 15, alto: 10 },
    notes: [SANITARY, "Los aerosoles y los productos con mucho alcohol pueden considerarse inflamables: consúltanos antes de comprarlos."],
  },
  {
    id: "perfume",
    label: "Perfume",
    keywords: { perfume: 7, fragrance: 6, colonia: 6, cologne: 6, "eau de parfum": 7, "eau de toilette": 7, "body mist": 6 },
    grams: 300,
    packedGrams: 600,
    size: { largo: 12, ancho: 8, alto: 6 },
    packedSize: { largo: 18, ancho: 14, alto: 10 },
    notes: [
      "Los perfumes llevan alcohol y las líneas de transporte los tratan como líquido inflamable: consúltanos antes de comprarlos para confirmar si podemos traerlos.",
      FRAGILE,
    ],
  },
  {
    id: "suplementos",
    label: "Suplementos y proteína",
    keywords: {
      suplemento: 5, supplement: 5, proteina: 6, protein: 6, whey: 6, creatina: 6, creatine: 6, "pre workout": 6,
      preworkout: 6, iherb: 2,
    },
    // A 5 lb tub of protein powder.
    grams: 2300,
    packedGrams: 2700,
    size: { largo: 20, ancho: 20, alto: 28 },
    packedSize: { largo: 25, ancho: 25, alto: 32 },
    notes: [SANITARY, "No traemos medicamentos que requieran receta médica."],
  },
  {
    id: "vitaminas",
    label: "Vitaminas",
    keywords: {
      vitaminas: 6, vitamins: 6, vitamina: 5, vitamin: 5, colageno: 6, collagen: 6, omega: 4, multivitaminico: 6,
      multivitamin: 6, melatonina: 6, melatonin: 6, gomitas: 3, gummies: 3, tabletas: 2, capsulas: 2, iherb: 2,
    },
    grams: 350,
    packedGrams: 500,
    size: { largo: 8, ancho: 8, alto: 14 },
    packedSize: { largo: 15, ancho: 12, alto: 18 },
    notes: [SANITARY, "No traemos medicamentos que requieran receta médica."],
  },
  {
    id: "herramientas",
    label: "Herramientas",
    keywords: {
      herramienta: 5, tool: 4, tools: 4, taladro: 6, drill: 6, destornillador: 6, screwdriver: 6,
      "llave inglesa": 7, wrench: 6, "juego de llaves": 7, "socket set": 7, sierra: 5, saw: 5, esmeril: 6,
      grinder: 5, "caja de herramientas": 7, toolbox: 6, "tool set": 7, dewalt: 6, milwaukee: 6, makita: 6,
      ryobi: 6, "black decker": 6, craftsman: 5, "impact driver": 7, "llave de impacto": 7, multimetro: 6,
      multimeter: 6, soldadora: 6, welder: 6, compresor: 5, "pistola de calor": 7, "heat gun": 7,
    },
    grams: 2500,
    packedGrams: 3500,
    size: { largo: 35, ancho: 28, alto: 12 },
    packedSize: { largo: 42, ancho: 32, alto: 16 },
    notes: ["Las baterías de litio de herramientas inalámbricas compradas sueltas viajan con restricciones; consúltanos antes de comprarlas."],
  },
  {
    id: "hogar",
    label: "Artículos para el hogar y la cocina",
    keywords: {
      sarten: 6, "frying pan": 7, olla: 4, ollas: 4, cookware: 6, "juego de ollas": 7, vajilla: 6, platos: 4,
      vasos: 4, tazas: 4, cuchillos: 5, knives: 5, utensilios: 5, termo: 5, tumbler: 5, stanley: 3, botella: 3,
      bottle: 3, lampara: 5, lamp: 5, cortinas: 5, curtains: 5, sabanas: 5, sheets: 3, almohada: 5, pillow: 5,
      toalla: 5, towel: 5, edredon: 5, comforter: 5, decoracion: 4, decor: 4, organizador: 4, organizer: 4,
      alfombra: 5, rug: 5, hogar: 2, home: 1, kitchen: 2, cocina: 2,
    },
    grams: 1500,
    packedGrams: 2200,
    size: { largo: 35, ancho: 25, alto: 15 },
    packedSize: { largo: 40, ancho: 30, alto: 20 },
    notes: [],
  },
  {
    id: "sofa",
    label: "Sofá",
    keywords: {
      sofa: 7, sillon: 5, couch: 7, loveseat: 7, "sofa cama": 8, seccional: 6, sectional: 6, "mueble de sala": 8, futon: 6,
    },
    // A three-seat sofa, assembled, wrapped for transport.
    grams: 50000,
    packedGrams: 58000,
    size: { largo: 210, ancho: 90, alto: 85 },
    packedSize: { largo: 215, ancho: 95, alto: 90 },
    notes: [BULKY, "Mide las puertas y escaleras de tu casa: un sofá armado no siempre pasa."],
    bulky: true,
  },
  {
    id: "colchon",
    label: "Colchón",
    keywords: { colchon: 7, mattress: 7 },
    // Queen size, 28 cm thick, shipped flat in plastic (a rolled mattress in a box is smaller).
    grams: 32000,
    packedGrams: 36000,
    size: { largo: 203, ancho: 152, alto: 28 },
    packedSize: { largo: 206, ancho: 156, alto: 32 },
    notes: [BULKY, "Los colchones enrollados al vacío (en caja) miden y cuestan mucho menos por barco."],
    bulky: true,
  },
  {
    id: "escritorio",
    label: "Escritorio o mesa",
    keywords: {
      escritorio: 6, desk: 6, "standing desk": 7, "mesa de comedor": 7, "dining table": 7, "mesa de centro": 7,
      "coffee table": 7, mesa: 3, table: 3,
    },
    grams: 26000,
    packedGrams: 30000,
    size: { largo: 125, ancho: 60, alto: 10 },
    packedSize: { largo: 132, ancho: 66, alto: 16 },
    notes: [BULKY, "Viene desarmado en caja plana: así cuesta mucho menos por barco que armado."],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "silla",
    label: "Silla",
    keywords: {
      "silla de oficina": 8, "office chair": 8, "silla gamer": 8, "gaming chair": 8, "silla ergonomica": 8,
      "silla de comedor": 7, silla: 4, chair: 4,
    },
    grams: 16000,
    packedGrams: 19000,
    size: { largo: 65, ancho: 32, alto: 58 },
    packedSize: { largo: 72, ancho: 38, alto: 64 },
    notes: [BULKY, "Viene desarmada en su caja: así ocupa menos pies cúbicos."],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "muebles",
    label: "Mueble",
    keywords: {
      mueble: 5, furniture: 5, estante: 6, shelf: 5, bookshelf: 6, librero: 6, gabinete: 4, cabinet: 4, comoda: 6,
      dresser: 6, "mueble de tv": 8, "tv stand": 8, cama: 4, "bed frame": 7, ropero: 6, closet: 5,
    },
    grams: 30000,
    packedGrams: 33000,
    size: { largo: 115, ancho: 45, alto: 10 },
    packedSize: { largo: 125, ancho: 50, alto: 16 },
    notes: [BULKY, "Los muebles que vienen desarmados (en caja plana) cuestan bastante menos por barco que armados."],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "bicicleta",
    label: "Bicicleta o scooter",
    keywords: {
      bicicleta: 7, bicycle: 7, bike: 5, "mountain bike": 7, "e bike": 7, scooter: 5, "scooter electrico": 7,
      "electric scooter": 7, patineta: 5, skateboard: 6, patines: 5,
    },
    // In its box: front wheel, handlebar and pedals off.
    grams: 13000,
    packedGrams: 16000,
    size: { largo: 135, ancho: 20, alto: 72 },
    packedSize: { largo: 140, ancho: 25, alto: 78 },
    notes: [BULKY, "Las bicicletas y scooters eléctricos llevan baterías grandes de litio: consúltanos antes de comprarlos."],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "maquina-ejercicio",
    label: "Máquina de ejercicio",
    keywords: {
      caminadora: 7, treadmill: 7, "banda de correr": 7, "bicicleta estacionaria": 9, "exercise bike": 8,
      eliptica: 7, elliptical: 7, "maquina de ejercicio": 8, "home gym": 7,
    },
    // A folding treadmill in its box.
    grams: 70000,
    packedGrams: 80000,
    size: { largo: 180, ancho: 78, alto: 28 },
    packedSize: { largo: 190, ancho: 85, alto: 35 },
    notes: [BULKY, "Revisa que funcione a 110–120 V y 60 Hz como la corriente de Costa Rica."],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "deporte",
    label: "Artículo deportivo o de ejercicio",
    keywords: {
      mancuernas: 6, mancuerna: 6, dumbbell: 6, dumbbells: 6, pesas: 5, kettlebell: 6, "yoga mat": 7,
      "mat de yoga": 7, "bandas de resistencia": 7, "resistance bands": 7, balon: 5, pelota: 4, ball: 3,
      raqueta: 6, racket: 6, "guantes de boxeo": 7, "boxing gloves": 7, guantes: 2, gym: 2, fitness: 3,
      deporte: 3, sports: 3, golf: 4, pesca: 4, fishing: 4, camping: 4, "casa de campana": 7, tent: 5,
    },
    grams: 3000,
    packedGrams: 3600,
    size: { largo: 35, ancho: 25, alto: 15 },
    packedSize: { largo: 40, ancho: 30, alto: 20 },
    notes: [],
  },
  {
    id: "bebe",
    label: "Artículo para bebé",
    keywords: {
      bebe: 4, baby: 4, panales: 6, diapers: 6, biberon: 6, "baby bottle": 7, pacha: 5, chupon: 5,
      "monitor de bebe": 8, "baby monitor": 8,
    },
    grams: 1500,
    packedGrams: 2000,
    size: { largo: 35, ancho: 25, alto: 20 },
    packedSize: { largo: 40, ancho: 30, alto: 25 },
    notes: [],
  },
  {
    id: "coche-bebe",
    label: "Coche o silla de carro para bebé",
    keywords: {
      "coche de bebe": 9, carriola: 8, stroller: 8, "car seat": 8, "silla de carro": 8, "silla para carro": 8,
      "asiento para carro": 8,
    },
    // Folded, in its box.
    grams: 9000,
    packedGrams: 11000,
    size: { largo: 78, ancho: 45, alto: 32 },
    packedSize: { largo: 82, ancho: 48, alto: 36 },
    notes: [BULKY],
  },
  {
    id: "cuna",
    label: "Cuna",
    keywords: { cuna: 7, crib: 7, "pack n play": 7, corral: 6, "cuna para bebe": 9 },
    grams: 22000,
    packedGrams: 25000,
    size: { largo: 120, ancho: 60, alto: 12 },
    packedSize: { largo: 128, ancho: 66, alto: 18 },
    notes: [BULKY],
    bulky: true,
    knockedDown: true,
  },
  {
    id: "instrumento",
    label: "Instrumento musical",
    keywords: {
      guitarra: 7, guitar: 7, ukulele: 7, "bass guitar": 7, violin: 7, "teclado musical": 8,
      piano: 5, "piano digital": 7, microfono: 5, microphone: 5, amplificador: 6, amplifier: 6,
      "pedal de efectos": 7, midi: 5,
    },
    grams: 3500,
    packedGrams: 6000,
    size: { largo: 100, ancho: 38, alto: 10 },
    packedSize: { largo: 110, ancho: 45, alto: 15 },
    notes: [FRAGILE, BULKY],
  },
  {
    id: "libros",
    label: "Libros",
    keywords: {
      libro: 5, libros: 5, book: 4, books: 4, novela: 5, novel: 4, paperback: 6, hardcover: 6, "tapa dura": 6,
      "tapa blanda": 6, comic: 5, manga: 5, cuaderno: 4, notebook: 1, agenda: 4, planner: 4,
    },
    grams: 500,
    packedGrams: 700,
    size: { largo: 23, ancho: 15, alto: 3 },
    packedSize: { largo: 28, ancho: 20, alto: 6 },
    notes: [],
  },
  {
    id: "joyeria",
    label: "Joyería y bisutería",
    keywords: {
      joya: 5, joyas: 5, joyeria: 6, jewelry: 6, anillo: 5, ring: 3, collar: 4, necklace: 6, pulsera: 5,
      bracelet: 6, aretes: 6, earrings: 6, cadena: 3, dije: 5, pendant: 5,
    },
    grams: 50,
    packedGrams: 200,
    size: { largo: 5, ancho: 5, alto: 3 },
    packedSize: { largo: 15, ancho: 12, alto: 6 },
    notes: ["Declara el valor real: la joyería de valor alto conviene asegurarla aparte."],
  },
  {
    id: "lentes",
    label: "Lentes o anteojos",
    keywords: { gafas: 6, sunglasses: 6, anteojos: 6, lentes: 4, glasses: 4, "lentes de sol": 7, "ray ban": 7, rayban: 7, oakley: 6 },
    grams: 40,
    packedGrams: 250,
    size: { largo: 15, ancho: 6, alto: 4 },
    packedSize: { largo: 20, ancho: 10, alto: 8 },
    notes: [],
  },
];

/** Used when no word names a known kind of product: a typical mid-size parcel. */
export const GENERIC_CATEGORY: CatalogCategory = {
  id: "general",
  label: "Artículo general",
  keywords: {},
  grams: 1000,
  packedGrams: 1400,
  size: { largo: 28, ancho: 20, alto: 12 },
  packedSize: { largo: 32, ancho: 24, alto: 16 },
  notes: [
    "No reconocimos el tipo de producto: usamos las medidas de un paquete mediano típico. Revisa el peso y las medidas de envío en la página de la tienda.",
  ],
};

/** Stores whose address tells where a purchase ships from, and sometimes what it is. */
export interface KnownStore {
  /** Matched against the end of the host name ("amazon.com" matches "www.amazon.com"). */
  domain: string;
  name: string;
  origin: "usa" | "china";
  /** A category a store mostly sells, as a weak hint. */
  hint?: string;
}

export const KNOWN_STORES: KnownStore[] = [
  { domain: "amazon.com", name: "Amazon", origin: "usa" },
  { domain: "ebay.com", name: "eBay", origin: "usa" },
  { domain: "walmart.com", name: "Walmart", origin: "usa" },
  { domain: "bestbuy.com", name: "Best Buy", origin: "usa" },
  { domain: "target.com", name: "Target", origin: "usa" },
  { domain: "newegg.com", name: "Newegg", origin: "usa", hint: "componentes-pc" },
  { domain: "bhphotovideo.com", name: "B&H", origin: "usa", hint: "camara" },
  { domain: "apple.com", name: "Apple", origin: "usa" },
  { domain: "homedepot.com", name: "Home Depot", origin: "usa", hint: "herramientas" },
  { domain: "lowes.com", name: "Lowe's", origin: "usa", hint: "herramientas" },
  { domain: "costco.com", name: "Costco", origin: "usa" },
  { domain: "macys.com", name: "Macy's", origin: "usa", hint: "ropa" },
  { domain: "nike.com", name: "Nike", origin: "usa", hint: "zapatos" },
  { domain: "adidas.com", name: "Adidas", origin: "usa", hint: "zapatos" },
  { domain: "zappos.com", name: "Zappos", origin: "usa", hint: "zapatos" },
  { domain: "sephora.com", name: "Sephora", origin: "usa", hint: "cosmeticos" },
  { domain: "ulta.com", name: "Ulta", origin: "usa", hint: "cosmeticos" },
  { domain: "iherb.com", name: "iHerb", origin: "usa", hint: "suplementos" },
  { domain: "vitacost.com", name: "Vitacost", origin: "usa", hint: "suplementos" },
  { domain: "rockauto.com", name: "RockAuto", origin: "usa", hint: "repuesto-auto" },
  { domain: "autozone.com", name: "AutoZone", origin: "usa", hint: "repuesto-auto" },
  { domain: "advanceautoparts.com", name: "Advance Auto Parts", origin: "usa", hint: "repuesto-auto" },
  { domain: "oreillyauto.com", name: "O'Reilly Auto Parts", origin: "usa", hint: "repuesto-auto" },
  { domain: "carparts.com", name: "CarParts.com", origin: "usa", hint: "repuesto-auto" },
  { domain: "wayfair.com", name: "Wayfair", origin: "usa", hint: "hogar" },
  { domain: "etsy.com", name: "Etsy", origin: "usa" },
  { domain: "aliexpress.com", name: "AliExpress", origin: "china" },
  { domain: "aliexpress.us", name: "AliExpress", origin: "china" },
  { domain: "temu.com", name: "Temu", origin: "china" },
  { domain: "shein.com", name: "Shein", origin: "china", hint: "ropa" },
  { domain: "alibaba.com", name: "Alibaba", origin: "china" },
  { domain: "dhgate.com", name: "DHgate", origin: "china" },
  { domain: "banggood.com", name: "Banggood", origin: "china" },
  { domain: "taobao.com", name: "Taobao", origin: "china" },
  { domain: "tmall.com", name: "Tmall", origin: "china" },
  { domain: "1688.com", name: "1688", origin: "china" },
  { domain: "made-in-china.com", name: "Made-in-China", origin: "china" },
];
