// A package's purchase invoice (issue 36 item 2, docs/decisions/215). The client uploads the file
// first (POST /api/upload/image-url with tipo FACTURA, then the PUT: a PDF or an image of at most
// 10 MB, checked by its content), then names it in the pre-alert or in the attach call. Attaching
// keeps the upload (the hourly clean-up leaves it); replacing releases the previous file to the
// clean-up; the audit log records both. Who may attach or open it is the package policy's
// (core/policies/package.ts: the client's own package, until delivered; staff by the route's roles).
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, packageInvoices, uploads } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { ObjectStorage } from "../../providers/storage";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { findClientByTypedCode } from "../../core/client-codes";
import { authorize, clientSubject } from "../../core/policies";
import { readUploadedObject } from "../uploads/service";
import { TRACKING_NOT_FOUND, type TClientTracking, type TPreAlertCreateRequest } from "../../../shared/api/trackings";
import { INVOICE_NOT_FOUND, INVOICE_UPLOAD_NOT_FOUND, INVOICE_UPLOAD_USED, invoiceSummary, type TPackageInvoice } from "../../../shared/api/purchase-invoices";
import type { TAttachInvoiceRequest, TStaffAttachInvoiceRequest } from "../../../shared/api/purchase-invoice-routes";
import { dtoOf, preAlertTracking } from "./client-portal";

export interface InvoiceUpload {
  name: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The upload an invoice names, checked before anything is written: it arrived (an object store's
 * is read back and checked by content now), it is a PDF or an image (an upload of kind FACTURA, or
 * a photo), and nothing keeps it yet (400 / 409 in Spanish otherwise).
 */
export async function checkInvoiceUpload(db: Db, storage: ObjectStorage, name: string): Promise<InvoiceUpload> {
  const [row] = await db
    .select({ status: uploads.status, keptAt: uploads.keptAt, contentType: uploads.contentType, sizeBytes: uploads.sizeBytes })
    .from(uploads)
    .where(eq(uploads.name, name))
    .limit(1);
  if (!row) throw badRequest(INVOICE_UPLOAD_NOT_FOUND);
  if (row.keptAt !== null) throw conflict(INVOICE_UPLOAD_USED);
  if (row.status === "UPLOADED" && row.contentType && row.sizeBytes !== null) return { name, contentType: row.contentType, sizeBytes: row.sizeBytes };
  const object = await readUploadedObject(db, storage, name);
  if (!object) throw badRequest(INVOICE_UPLOAD_NOT_FOUND);
  return { name, contentType: object.contentType, sizeBytes: object.bytes.byteLength };
}

/**
 * Attaches the invoice to the package in the caller's transaction, replacing the one it had (whose
 * file is released to the clean-up). The upload is marked kept in the same step; one that something
 * kept meanwhile is refused (409) and the transaction changes nothing.
 */
export async function attachInvoice(tx: DbOrTx, trackingId: number, upload: InvoiceUpload, actor: Actor, now = new Date()): Promise<"attached" | "replaced"> {
  const kept = await tx
    .update(uploads)
    .set({ keptAt: now, ownerKey: null })
    .where(and(eq(uploads.name, upload.name), isNull(uploads.keptAt)))
    .returning({ id: uploads.id });
  if (kept.length === 0) throw conflict(INVOICE_UPLOAD_USED);
  const [previous] = await tx.select().from(packageInvoices).where(eq(packageInvoices.trackingId, trackingId)).for("update");
  const values = { uploadName: upload.name, contentType: upload.contentType, sizeBytes: upload.sizeBytes, createdAt: now };
  if (previous) {
    await tx.update(packageInvoices).set(values).where(eq(packageInvoices.id, previous.id));
    await tx.update(uploads).set({ keptAt: null }).where(eq(uploads.name, previous.uploadName));
  } else {
    await tx.insert(packageInvoices).values({ trackingId, ...values });
  }
  const [pkg] = await tx.select({ trackingCode: clientTrackings.trackingCode }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  await recordAudit(tx, actor, {
    action: "paquete.factura",
    entity: "paquete",
    entityId: trackingId,
    summary: `${pkg?.trackingCode ?? trackingId} · ${invoiceSummary(upload)}${previous ? " · reemplaza la anterior" : ""}`,
    before: previous ? { uploadName: previous.uploadName, contentType: previous.contentType, sizeBytes: previous.sizeBytes } : null,
    after: { uploadName: upload.name, contentType: upload.contentType, sizeBytes: upload.sizeBytes },
    at: now,
  });
  return previous ? "replaced" : "attached";
}

/**
 * POST /api/clients/trackings with `factura`: the invoice is checked first and attached in the
 * pre-alert's transaction, so a refused file or a refused pre-alert leaves nothing behind.
 */
export async function preAlertWithInvoice(db: Db, storage: ObjectStorage, input: TPreAlertCreateRequest, actor: Actor): Promise<TClientTracking> {
  const upload = input.factura ? await checkInvoiceUpload(db, storage, input.factura) : null;
  return preAlertTracking(db, input, actor, upload ? (tx, trackingId) => attachInvoice(tx, trackingId, upload, actor) : undefined);
}

/**
 * PUT /api/clients/trackings/{id}/factura: the client attaches or replaces the invoice of its own
 * package, until it is delivered (package.attachInvoice). Refused, nothing changes.
 */
export async function attachClientInvoice(db: Db, storage: ObjectStorage, trackingId: number, input: TAttachInvoiceRequest, actor: Actor): Promise<TClientTracking> {
  const client = await findClientByTypedCode(db, input.clientCode, { id: clients.id });
  if (!client) throw notFound(TRACKING_NOT_FOUND);
  const [own] = await db.select({ clientId: clientTrackings.clientId }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  // Another client's package answers as a missing one before the upload is even looked at.
  authorize(clientSubject(client), "package.readInvoice", own);
  const upload = await checkInvoiceUpload(db, storage, input.factura);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ clientId: clientTrackings.clientId, estado: clientTrackings.estado, origen: clientTrackings.origen })
      .from(clientTrackings)
      .where(eq(clientTrackings.id, trackingId))
      .for("update");
    authorize(clientSubject(client), "package.attachInvoice", row);
    await attachInvoice(tx, trackingId, upload, actor);
    return dtoOf(tx, { id: trackingId });
  });
}

/**
 * PUT /api/admin/trackings/{id}/factura: staff attach or replace any package's invoice, whatever
 * its status (the route's roles decide who; docs/decisions/241). An unknown package is a 404 before
 * the upload is looked at; refused, nothing changes. The answer is the invoice now attached.
 */
export async function attachStaffInvoice(db: Db, storage: ObjectStorage, trackingId: number, input: TStaffAttachInvoiceRequest, actor: Actor): Promise<TPackageInvoice> {
  const packageRow = (tx: DbOrTx) => tx.select({ id: clientTrackings.id }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  const [pkg] = await packageRow(db);
  if (!pkg) throw notFound(TRACKING_NOT_FOUND);
  const upload = await checkInvoiceUpload(db, storage, input.factura);
  return db.transaction(async (tx) => {
    // Deleted meanwhile: the same 404, and the upload stays unkept.
    const [locked] = await packageRow(tx).for("update");
    if (!locked) throw notFound(TRACKING_NOT_FOUND);
    await attachInvoice(tx, trackingId, upload, actor);
    return (await invoicesOf(tx, [trackingId])).get(trackingId)!;
  });
}

export interface InvoiceFile {
  bytes: Uint8Array;
  contentType: string;
}

async function invoiceFileOf(db: Db, storage: ObjectStorage, trackingId: number): Promise<InvoiceFile> {
  const [invoice] = await db.select({ uploadName: packageInvoices.uploadName }).from(packageInvoices).where(eq(packageInvoices.trackingId, trackingId));
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const object = await readUploadedObject(db, storage, invoice.uploadName);
  if (!object) throw notFound(INVOICE_NOT_FOUND);
  return { bytes: object.bytes, contentType: object.contentType };
}

/** GET /api/clients/trackings/{id}/factura?code=: its client only (package.readInvoice); anyone else, the 404 of a missing package. */
export async function readClientInvoice(db: Db, storage: ObjectStorage, trackingId: number, clientCode: string): Promise<InvoiceFile> {
  const client = await findClientByTypedCode(db, clientCode, { id: clients.id });
  if (!client) throw notFound(TRACKING_NOT_FOUND);
  const [own] = await db.select({ clientId: clientTrackings.clientId }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  authorize(clientSubject(client), "package.readInvoice", own);
  return invoiceFileOf(db, storage, trackingId);
}

/** GET /api/admin/trackings/{id}/factura: any package's (the route's roles decide who). */
export async function readStaffInvoice(db: Db, storage: ObjectStorage, trackingId: number): Promise<InvoiceFile> {
  const [pkg] = await db.select({ id: clientTrackings.id }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  if (!pkg) throw notFound(TRACKING_NOT_FOUND);
  return invoiceFileOf(db, storage, trackingId);
}

/** The invoices of these packages, by package id (what Recepción and the manifest show). */
export async function invoicesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, TPackageInvoice>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ trackingId: packageInvoices.trackingId, contentType: packageInvoices.contentType, sizeBytes: packageInvoices.sizeBytes, createdAt: packageInvoices.createdAt })
    .from(packageInvoices)
    .where(inArray(packageInvoices.trackingId, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.trackingId, { contentType: r.contentType, sizeBytes: r.sizeBytes, createdAt: r.createdAt.toISOString() }]));
}
