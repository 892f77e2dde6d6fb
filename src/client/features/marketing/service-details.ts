// The services page's long text and 'Incluye' list for each of the six services (public-site
// §2), with prices and times taken from the shared rules.

import { SEA_USD_PER_CUBIC_FOOT, SHIPPING_MODE_INFO } from "../../../shared/domain/pricing";
import { FREE_STORAGE_DAYS, INSURANCE_COVERAGE_USD } from "../../../shared/domain/policies";
import { DEFAULT_SEARCH_LIMIT } from "../../../shared/domain/search-quota";
import { brand } from "../../lib/brand";
import { airRateLines } from "./faq-content";
import type { ServiceId } from "./service-catalog";

export interface ServiceDetail {
  description: string;
  includes: string[];
}

export function buildServiceDetails(): Record<ServiceId, ServiceDetail> {
  return {
    casillero: {
      description: `Al inscribirte recibes tu código de cliente y dos direcciones en Florida: una en ${brand.miami.air.city} para lo que viaja por avión y otra en ${brand.miami.sea.city} para lo que viaja por barco. Compras como si vivieras en Miami y nosotros identificamos cada paquete con tu código.`,
      includes: [
        `Dirección aérea en ${brand.miami.air.city} y marítima en ${brand.miami.sea.city}, Florida`,
        "Código de cliente personal para identificar tus paquetes",
        "Recepción de compras de cualquier tienda de Estados Unidos",
        "Inscripción gratuita y sin mensualidad",
      ],
    },
    aereo: {
      description: `La opción más rápida: la mayoría de los paquetes llega en ${SHIPPING_MODE_INFO.aereo.deliveryTime}. Pagas por el peso real en gramos y la tarifa por gramo baja cuanto más pesa el envío.`,
      includes: [
        ...airRateLines(),
        "Manejo, consolidación y asesoría personalizada incluidos",
        `Seguro básico hasta ${INSURANCE_COVERAGE_USD} USD`,
      ],
    },
    maritimo: {
      description: `Para muebles, mercadería y compras voluminosas. Se cobra $${SEA_USD_PER_CUBIC_FOOT} por pie cúbico según las medidas de la caja; el peso no cuenta.`,
      includes: [
        `Desde Miami: ${SHIPPING_MODE_INFO.maritimo.deliveryTime}`,
        `Desde China: ${SHIPPING_MODE_INFO["maritimo-china"].deliveryTime}`,
        `$${SEA_USD_PER_CUBIC_FOOT} por pie cúbico, sin cobro por peso`,
        "Ideal para mercadería de emprendimientos y artículos grandes",
      ],
    },
    compras: {
      description:
        "¿La tienda no acepta tu tarjeta o prefieres no pagar en dólares? Nos envías el enlace del producto, te confirmamos el monto total y lo compramos por ti. Tú pagas en colones.",
      includes: [
        "Compra en dólares y pago en colones al tipo de cambio del día",
        "Monto total confirmado antes de comprar",
        "Asesoría para elegir talla, modelo o voltaje",
        "Seguimiento del pedido hasta tu casa",
      ],
    },
    consolidacion: {
      description: `Si compras en varias tiendas, esperamos a que lleguen todos tus paquetes y los enviamos juntos para que pagues un solo envío. Luego te los llevamos a la puerta en cualquier parte de Costa Rica.`,
      includes: [
        `Almacenaje y consolidación gratis hasta ${FREE_STORAGE_DAYS} días`,
        "Varias compras en un solo envío",
        `Entrega gratis en ${brand.city} y retiro en nuestra oficina`,
        "Entrega puerta a puerta en todo el país, con costo según la distancia",
      ],
    },
    repuestos: {
      description:
        "Dinos la marca, el modelo y el año de tu vehículo y la pieza que buscas, o sube una foto. Nuestro asistente con inteligencia artificial te muestra opciones con precio y tienda, y nosotros las importamos.",
      includes: [
        "Búsqueda por marca, modelo, año y número de pieza",
        "Foto de la pieza para ayudar a identificarla",
        `${DEFAULT_SEARCH_LIMIT} búsquedas al mes para clientes registrados`,
        "Importación aérea o marítima del repuesto",
      ],
    },
  };
}
