// The admin panel's contact-messages list (staff-side §2, §7): GET /api/contacts, paged on the
// server with the page and page size of every admin list, newest first. Kept apart from
// contact.ts so the public contact form does not carry the admin schemas.
import { z } from "../../validation";
import { ZAdminPageSchema } from "./clients";
import { ZContactMessageSchema } from "../contact";

export const ZContactListQuerySchema = ZAdminPageSchema;
export type TContactListQuery = z.infer<typeof ZContactListQuerySchema>;

export const ZContactListResponseSchema = z.object({
  contacts: z.array(ZContactMessageSchema),
  filteredTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TContactListResponse = z.infer<typeof ZContactListResponseSchema>;
