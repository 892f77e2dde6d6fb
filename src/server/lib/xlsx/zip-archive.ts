// Reads an uploaded .xlsx (a zip) defensively: the central directory is checked before anything is
// inflated (entry count, declared sizes, total and ratio against the limits of decision 070), and
// each entry is then inflated as a stream that stops the moment it produces more than it declared,
// so a zip bomb costs at most the declared budget whether its headers are honest or lying. Only
// stored and deflated entries are accepted; zip64, encryption and split archives are refused.
import { createInflateRaw, crc32 } from "node:zlib";
import {
  EXCEL_MAX_COMPRESSION_RATIO,
  EXCEL_MAX_UNCOMPRESSED_BYTES,
  IMPORT_CORRUPT,
  IMPORT_ENCRYPTED,
  IMPORT_SUSPICIOUS_COMPRESSION,
  IMPORT_UNCOMPRESSED_TOO_LARGE,
} from "../../../shared/api/excel";
import { AppError, badRequest } from "../../errors";

export interface ZipEntry {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's data starts in the archive (after its local header). */
  dataOffset: number;
}

export interface ZipLimits {
  maxUncompressedBytes: number;
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUncompressedBytes: EXCEL_MAX_UNCOMPRESSED_BYTES,
  maxRatio: EXCEL_MAX_COMPRESSION_RATIO,
  maxEntries: 2000,
};

/** Entries smaller than this may compress as well as they like (empty styles, repeated XML). */
const RATIO_EXEMPT_BYTES = 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

const corrupt = () => badRequest(IMPORT_CORRUPT);
export const tooLargeUncompressed = () => new AppError("PAYLOAD_TOO_LARGE", 413, IMPORT_UNCOMPRESSED_TOO_LARGE);
export const suspiciousCompression = () => new AppError("PAYLOAD_TOO_LARGE", 413, IMPORT_SUSPICIOUS_COMPRESSION);

/** The archive's entries by name, after every check that needs no inflating. */
export function readZipDirectory(buffer: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, ZipEntry> {
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd === -1) throw corrupt();
  const disk = buffer.readUInt16LE(eocd + 4);
  const cdDisk = buffer.readUInt16LE(eocd + 6);
  const count = buffer.readUInt16LE(eocd + 10);
  const cdSize = buffer.readUInt32LE(eocd + 12);
  const cdOffset = buffer.readUInt32LE(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean zip64, which no spreadsheet of the allowed size needs.
  if (disk !== 0 || cdDisk !== 0 || count === 0xffff || cdOffset === 0xffffffff) throw corrupt();
  if (cdOffset + cdSize > eocd) throw corrupt();
  if (count > limits.maxEntries) throw suspiciousCompression();

  const entries = new Map<string, ZipEntry>();
  let declaredTotal = 0;
  let pos = cdOffset;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > cdOffset + cdSize || buffer.readUInt32LE(pos) !== CENTRAL_SIGNATURE) throw corrupt();
    const flags = buffer.readUInt16LE(pos + 8);
    const method = buffer.readUInt16LE(pos + 10);
    const crc = buffer.readUInt32LE(pos + 16);
    const compressedSize = buffer.readUInt32LE(pos + 20);
    const uncompressedSize = buffer.readUInt32LE(pos + 24);
    const nameLength = buffer.readUInt16LE(pos + 28);
    const extraLength = buffer.readUInt16LE(pos + 30);
    const commentLength = buffer.readUInt16LE(pos + 32);
    const localOffset = buffer.readUInt32LE(pos + 42);
    const end = pos + 46 + nameLength + extraLength + commentLength;
    if (end > cdOffset + cdSize) throw corrupt();
    const name = buffer.toString("utf8", pos + 46, pos + 46 + nameLength);
    pos = end;

    if (flags & 0x1) throw badRequest(IMPORT_ENCRYPTED);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) throw corrupt();
    if (method !== 0 && method !== 8) throw corrupt();
    if (method === 0 && compressedSize !== uncompressedSize) throw corrupt();
    if (entries.has(name)) throw corrupt();

    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxUncompressedBytes) throw tooLargeUncompressed();
    if (uncompressedSize > RATIO_EXEMPT_BYTES && uncompressedSize > limits.maxRatio * Math.max(compressedSize, 1)) {
      throw suspiciousCompression();
    }

    if (localOffset + 30 > cdOffset || buffer.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) throw corrupt();
    const dataOffset = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (dataOffset + compressedSize > cdOffset) throw corrupt();
    entries.set(name, { name, method, crc32: crc, compressedSize, uncompressedSize, dataOffset });
  }
  return entries;
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= lowest; i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

/**
 * The entry's bytes, chunk by chunk. Stops with 413 as soon as the output passes the declared
 * size (a lying header), and checks the total and CRC at the end (400 when they differ).
 */
export async function* inflateEntry(buffer: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = buffer.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) {
    if (crc32(data) !== entry.crc32) throw corrupt();
    yield data;
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let produced = 0;
  let crc = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) throw suspiciousCompression();
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt();
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.uncompressedSize || crc !== entry.crc32) throw corrupt();
}
