// The admin panel's contact-messages list (staff-side §2, §7): GET /api/contacts, paged on the
// server with the page and page size of every admin list, newest first. Kept apart from
// contact.ts so the public contact form does not carry the admin schemas.
import { z } from "../../validation";
import { ZAdminPageSchema } from "./clients";
import { ZContactMessageSchema } from "../contact";
import { defineRoute } from "../contract";

/** The list's filter: not yet answered, answered, or every message. */
export const CONTACT_FILTERS = ["todos", "pendientes", "respondidos"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const CONTACT_FILTER_LABELS: Record<ContactFilter, string> = {
  todos: "Todos",
  pendientes: "Pendientes",
  respondidos: "Respondidos",
};

export const ZContactListQuerySchema = ZAdminPageSchema.extend({
  estado: z.enum(CONTACT_FILTERS, { error: "Filtro inválido" }).default("todos"),
});
export type TContactListQuery = z.infer<typeof ZContactListQuerySchema>;

export const ZContactListResponseSchema = z.object({
  contacts: z.array(ZContactMessageSchema),
  filteredTotal: z.number().int(),
  /** Messages not yet answered, whatever the filter. */
  pendingTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TContactListResponse = z.infer<typeof ZContactListResponseSchema>;

export const CONTACT_NOT_FOUND = "No se encontró el mensaje de contacto";
export const CONTACT_ANSWERED_REQUIRED = "Indica si el mensaje fue respondido";

/** PATCH /api/admin/contacts/{id}/answered: true marks it answered (the first date stays), false pending again. */
export const ZContactAnsweredRequestSchema = z.object({
  answered: z.boolean({ error: CONTACT_ANSWERED_REQUIRED }),
});

export const ZContactAnsweredResponseSchema = z.object({ contact: ZContactMessageSchema });

/** GET /api/contacts (office staff): the contact messages, newest first, a page at a time. */
export const CONTACT_LIST_ROUTE = defineRoute({
  method: "GET",
  path: "/api/contacts",
  tag: "contact",
  summary: "Los mensajes de contacto, paginados y filtrados por respondidos o pendientes",
  query: ZContactListQuerySchema,
  responses: { 200: ZContactListResponseSchema },
});

/** PATCH /api/admin/contacts/{id}/answered (office staff): mark a message answered or pending again. */
export const CONTACT_ANSWERED_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/contacts/:id/answered",
  tag: "contact",
  summary: "Marca un mensaje de contacto como respondido (o pendiente de nuevo)",
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: ZContactAnsweredRequestSchema,
  responses: { 200: ZContactAnsweredResponseSchema },
});
