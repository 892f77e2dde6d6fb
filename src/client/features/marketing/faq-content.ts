// The twelve questions of /faq (public-site §2), answered with the service's real numbers
// (§1, §9). Every figure comes from the shared rules, so a changed rate or policy changes the
// answer too. The home page's teaser shows the first five.

import { AIR_RATE_TIERS, CUBIC_CM_PER_CUBIC_FOOT, SEA_USD_PER_CUBIC_FOOT, SHIPPING_MODE_INFO, airCostUsd, cubicFeetFromCm, seaCostUsd } from "../../../shared/domain/pricing";
import {
  BUSINESS_HOURS,
  DAMAGE_REPORT_HOURS,
  FAQ_DELIVERY_BUSINESS_DAYS,
  FREE_STORAGE_DAYS,
  INSURANCE_COVERAGE_USD,
  PROHIBITED_GOODS,
} from "../../../shared/domain/policies";
import { COUPON_VALIDITY_DAYS, MAX_COUPON_DISCOUNT, REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "../../../shared/domain/coupons";
import { brand } from "../../lib/brand";
import { formatQuantity, formatUsd, formatUsdRate } from "../../../shared/domain/format";
import { IVA_RATE, LEY_6946_RATE, taxShareRange } from "../../../shared/domain/import-taxes";

const percentOf = (fraction: number) => `${formatQuantity(fraction * 100, 1)} %`;

export interface FaqEntry {
  id: string;
  question: string;
  /** One or more paragraphs. */
  answer: string[];
  /** A short list after the paragraphs (rates, prohibited goods). */
  list?: string[];
}

const grams = { format: (n: number) => formatQuantity(n) };

/** "Hasta 1 999 g: $0,016 por gramo", one line per weight tier (dollars as the calculator writes them). */
export function airRateLines(): string[] {
  return AIR_RATE_TIERS.map((tier, index) => {
    const from = index === 0 ? 0 : AIR_RATE_TIERS[index - 1].belowGrams;
    const range = Number.isFinite(tier.belowGrams)
      ? from === 0
        ? `Hasta ${grams.format(tier.belowGrams - 1)} g`
        : `De ${grams.format(from)} a ${grams.format(tier.belowGrams - 1)} g`
      : `${grams.format(from)} g o más`;
    return `${range}: ${formatUsdRate(tier.usdPerGram)} por gramo`;
  });
}

/** "08:00" → "8:00". */
const hour = (time: string) => time.replace(/^0/, "");

const AIR_EXAMPLE_GRAMS = 1500;
const SEA_EXAMPLE_CM = [50, 40, 30] as const;

/** "a, b ni c": the list of things we do not carry. */
function joinNegativeList(items: readonly string[]): string {
  const lower = items.map((item) => item.charAt(0).toLowerCase() + item.slice(1));
  return `${lower.slice(0, -1).join(", ")} ni ${lower.at(-1)}`;
}

export function buildFaq(): FaqEntry[] {
  const { standard, target } = FAQ_DELIVERY_BUSINESS_DAYS;
  const [l, w, h] = SEA_EXAMPLE_CM;
  const { weekdays, saturday } = BUSINESS_HOURS;
  return [
    {
      id: "casillero",
      question: "¿Cómo funciona el casillero en Miami?",
      answer: [
        `Te inscribes gratis en la sección Inscripción y recibes por WhatsApp tu código de cliente (empieza con EX) y tus dos direcciones en Miami: una para envíos aéreos en ${brand.miami.air.city} y otra para marítimos en ${brand.miami.sea.city}.`,
        "Compras en la tienda que quieras usando esa dirección, con tu nombre y tu código. Cuando el paquete llega a nuestra bodega lo registramos, lo traemos a Costa Rica y te lo entregamos. Puedes pre-alertar y seguir cada paquete en la sección Rastreo.",
      ],
    },
    {
      id: "tarifa-aerea",
      question: "¿Cuánto cuesta enviar un paquete por avión?",
      answer: [
        `El envío aéreo se cobra por gramo y la tarifa baja según el peso total. Por ejemplo, un paquete de ${grams.format(AIR_EXAMPLE_GRAMS)} g cuesta ${formatUsd(airCostUsd(AIR_EXAMPLE_GRAMS))}.`,
        "El precio incluye manejo, consolidación y asesoría personalizada, y lo pagas en colones al tipo de cambio del día. La calculadora te da el monto exacto.",
      ],
      list: airRateLines(),
    },
    {
      id: "tarifa-maritima",
      question: "¿Cuánto cuesta el envío marítimo?",
      answer: [
        `El envío marítimo, desde Miami o desde China, cuesta $${SEA_USD_PER_CUBIC_FOOT} por pie cúbico y el peso no cuenta. El volumen se calcula multiplicando largo × ancho × alto en centímetros y dividiendo entre ${grams.format(CUBIC_CM_PER_CUBIC_FOOT)}; cada pie cúbico empezado se cobra completo.`,
        `Por ejemplo, una caja de ${l} × ${w} × ${h} cm ocupa ${cubicFeetFromCm(l, w, h)} pies cúbicos y cuesta ${formatUsd(seaCostUsd(l, w, h))}.`,
      ],
    },
    {
      id: "tiempos",
      question: "¿Cuánto tarda en llegar mi paquete?",
      answer: [
        `Por avión, la mayoría de los paquetes llega en ${SHIPPING_MODE_INFO.aereo.deliveryTime}. El plazo estándar que te comprometemos es de ${standard.min} a ${standard.max} días hábiles desde que el paquete llega a nuestra bodega en Miami, y nuestra meta es entregarlo en ${target.min} a ${target.max} días hábiles.`,
        `Por barco desde Miami el tiempo es de ${SHIPPING_MODE_INFO.maritimo.deliveryTime}, y desde China ${SHIPPING_MODE_INFO["maritimo-china"].deliveryTime}.`,
      ],
    },
    {
      id: "almacenaje",
      question: "¿Cuánto tiempo guardan mis paquetes en Miami?",
      answer: [
        `Guardamos y consolidamos tus paquetes gratis hasta por ${FREE_STORAGE_DAYS} días. Así puedes esperar a que lleguen todas tus compras y traerlas juntas en un solo envío.`,
      ],
    },
    {
      id: "seguro",
      question: "¿Mis paquetes están asegurados?",
      answer: [
        `Sí. Todos los envíos incluyen un seguro básico que cubre hasta ${INSURANCE_COVERAGE_USD} USD.`,
        `Si un paquete llega dañado, repórtalo dentro de las ${DAMAGE_REPORT_HOURS} horas siguientes a la entrega y envíanos fotos del paquete y del producto para tramitar el reclamo.`,
      ],
    },
    {
      id: "prohibidos",
      question: "¿Qué productos no puedo importar?",
      answer: [
        `No transportamos ${joinNegativeList(PROHIBITED_GOODS)}. Si tienes dudas sobre un producto, consúltanos antes de comprarlo.`,
      ],
      list: [...PROHIBITED_GOODS],
    },
    {
      id: "impuestos",
      question: "¿Cuánto pago de impuestos al importar?",
      answer: [
        `Aduanas cobra los impuestos sobre el valor aduanero: lo que pagaste por tu compra, más el flete y el seguro. Se suman los derechos arancelarios (de 0 % a 15 % según el producto), el selectivo de consumo en algunos productos, el ${percentOf(LEY_6946_RATE)} de la Ley 6946 y el ${percentOf(IVA_RATE)} de IVA.`,
        "Nosotros los pagamos por ti y aparecen como «Impuestos de aduana» en tu estado de cuenta. La calculadora te da una estimación según el valor y el tipo de producto; la exoneración de $500 solo aplica a envíos familiares sin fines comerciales.",
      ],
      list: brand.importTaxes.map((category) => {
        const [low, high] = taxShareRange(category);
        return `${category.label}: ${low === high ? `${formatQuantity(low, 1)} %` : `${formatQuantity(low, 1)} % a ${formatQuantity(high, 1)} %`} del valor aduanero`;
      }),
    },
    {
      id: "entregas",
      question: "¿Entregan en todo Costa Rica?",
      answer: [
        `Sí, entregamos puerta a puerta en todo el país. La entrega es gratis en ${brand.city} y si retiras en nuestra oficina; en otros lugares se suma un costo adicional según la distancia.`,
      ],
    },
    {
      id: "referidos",
      question: "¿Cómo funciona el programa de referidos?",
      answer: [
        `Comparte tu enlace de referido desde la sección Rastreo. Tu amigo recibe ${REFERRAL_WELCOME_DISCOUNT}% de descuento en su primer envío, y cuando lo realiza tú recibes un cupón de ${REFERRER_REWARD_DISCOUNT}%.`,
        `Los cupones valen por ${COUPON_VALIDITY_DAYS} días. Se aplica un cupón por envío, siempre el de mayor descuento y de forma automática, con un máximo de ${MAX_COUPON_DISCOUNT}%.`,
      ],
    },
    {
      id: "compras-asistidas",
      question: "¿Pueden comprar por mí si no tengo tarjeta en dólares?",
      answer: [
        "Sí. Con el servicio de compras asistidas compramos por ti en dólares en la tienda que elijas, y tú nos pagas en colones. Escríbenos por WhatsApp con el enlace del producto y te enviamos el monto total antes de comprar.",
      ],
    },
    {
      id: "horario",
      question: "¿Cuál es su horario de atención?",
      answer: [
        `De lunes a viernes, de ${hour(weekdays.open)} a ${hour(weekdays.close)}, y los sábados, de ${hour(saturday.open)} a ${hour(saturday.close)} (hora de Costa Rica). Los domingos no abrimos.`,
        `Te atendemos por WhatsApp al ${brand.phoneDisplay}, por correo a ${brand.email} o en nuestra oficina en ${brand.addressLine}.`,
      ],
    },
  ];
}

/** The home page shows this many questions before the link to /faq. */
export const FAQ_TEASER_COUNT = 5;
