// The six services as the home grid shows them (public-site §1, §2): name, one line and
// picture. The services page adds the long text and the 'Incluye' list (service-details.ts),
// kept apart so the home page's first download stays small.

export type ServiceId = "casillero" | "aereo" | "maritimo" | "compras" | "consolidacion" | "repuestos";

export interface ServiceSummary {
  id: ServiceId;
  title: string;
  summary: string;
  image: string;
  imageAlt: string;
}

export const SERVICE_IMAGE_SIZE = { width: 480, height: 320 } as const;

export const SERVICES: readonly ServiceSummary[] = [
  {
    id: "casillero",
    title: "Casillero en Miami",
    summary: "Tu dirección personal en Miami, una para envíos aéreos y otra para marítimos, para comprar en cualquier tienda.",
    image: "/images/servicio-casillero.svg",
    imageAlt: "Casilleros de una bodega en Miami, uno abierto con una caja adentro, junto a una palmera",
  },
  {
    id: "aereo",
    title: "Envío Aéreo",
    summary: "Tus paquetes llegan por avión en pocos días hábiles y pagas solo por los gramos que pesan.",
    image: "/images/servicio-aereo.svg",
    imageAlt: "Avión de carga despegando junto a una caja sobre una balanza",
  },
  {
    id: "maritimo",
    title: "Envío Marítimo",
    summary: "Para compras grandes desde Miami o China: se cobra por pie cúbico y el peso no cuenta.",
    image: "/images/servicio-maritimo.svg",
    imageAlt: "Barco con contenedores navegando y una caja que representa un pie cúbico",
  },
  {
    id: "compras",
    title: "Compras Asistidas",
    summary: "Compramos por ti en dólares en la tienda que elijas y nos pagas en colones.",
    image: "/images/servicio-compras.svg",
    imageAlt: "Teléfono con un carrito de compras entre una moneda de dólar y una de colón",
  },
  {
    id: "consolidacion",
    title: "Consolidación y Entrega",
    summary: "Juntamos tus paquetes en un solo envío y te los llevamos a la puerta en todo Costa Rica.",
    image: "/images/servicio-consolidacion.svg",
    imageAlt: "Varias cajas pequeñas unidas en una caja grande y un camión de entregas",
  },
  {
    id: "repuestos",
    title: "Repuestos con IA",
    summary: "Nuestro asistente con inteligencia artificial encuentra el repuesto exacto de tu vehículo y lo importamos.",
    image: "/images/servicio-repuestos.svg",
    imageAlt: "Disco de freno, engranaje y una lupa con las letras IA",
  },
];
