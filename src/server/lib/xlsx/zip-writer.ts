// A streaming ZIP writer for the exports: entries are written one after another straight into
// the reply, each compressed with raw DEFLATE as its text is produced, with the sizes and CRC in
// a data descriptor after the data (general-purpose bit 3), and the central directory at the end.
// Nothing but the entry being written is held in memory. No ZIP64: an export stays far below
// 4 GB (100 000 packages make about 5 MB).
import { once } from "node:events";
import type { Writable } from "node:stream";
import { crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";

/** Raised when the reader went away while an entry was being written. */
export class ZipWriterClosed extends Error {}

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;
const VERSION = 20;

/** DOS time and date of `date` (local wall clock is meaningless for a download: UTC). */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly stamp: { time: number; date: number };
  private open: ZipEntryWriter | null = null;
  private readonly level: number;

  constructor(
    private readonly out: Writable,
    options: { date?: Date; level?: number } = {},
  ) {
    this.stamp = dosDateTime(options.date ?? new Date());
    this.level = options.level ?? 6;
  }

  /** Writes bytes to the reply, waiting while it is not draining; fails once the reader left. */
  async raw(bytes: Buffer): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new ZipWriterClosed("La descarga se interrumpió");
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await this.drained();
  }

  /**
   * Waits for "drain", or fails when the reply closes first. The listeners of the race's loser
   * are removed (events.once adds a "close" and an "error" listener per wait: a slow download
   * used to collect a pair per pause).
   */
  private async drained(): Promise<void> {
    const done = new AbortController();
    try {
      await Promise.race([
        once(this.out, "drain", { signal: done.signal }),
        once(this.out, "close", { signal: done.signal }).then(() => {
          throw new ZipWriterClosed("La descarga se interrumpió");
        }),
      ]);
    } finally {
      done.abort();
    }
  }

  /** Starts an entry; write its text with `write`, then `end` it before the next one. */
  async begin(name: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error("zip: the previous entry is still open");
    const nameBytes = Buffer.from(name, "utf8");
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (14–25) stay zero: they follow the data.
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    await this.raw(Buffer.concat([header, nameBytes]));
    const entry = new ZipEntryWriter(this, createDeflateRaw({ level: this.level }), (crc, compressed, size) => {
      this.entries.push({ name: nameBytes, crc, compressed, size, offset });
      this.open = null;
    });
    this.open = entry;
    return entry;
  }

  /** One whole entry from a string (the small XML parts). */
  async file(name: string, text: string): Promise<void> {
    const entry = await this.begin(name);
    await entry.write(text);
    await entry.end();
  }

  /** Frees the entry being written (its compressor) when the export stops half-way. */
  abort(): void {
    this.open?.destroy();
    this.open = null;
  }

  /** The central directory and its end record; the reply is not ended here. */
  async finish(): Promise<void> {
    if (this.open) throw new Error("zip: an entry is still open");
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(VERSION, 4);
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal attributes: zero
      h.writeUInt32LE(0, 38);
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(Buffer.concat([directory, end]));
  }
}

export class ZipEntryWriter {
  private crc = 0;
  private size = 0;
  private compressed = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly zip: ZipWriter,
    private readonly deflate: DeflateRaw,
    private readonly done: (crc: number, compressed: number, size: number) => void,
  ) {
    deflate.on("data", (chunk: Buffer) => {
      this.compressed += chunk.length;
      // Chunks reach the reply in order: each waits for the one before it.
      this.pending = this.pending.then(() => this.zip.raw(chunk));
      // Marked as handled: write() and end() still see the failure when they await it.
      this.pending.catch(() => {});
    });
  }

  /** Adds text to the entry; resolves once the reply has taken what was compressed so far. */
  async write(text: string): Promise<void> {
    const bytes = Buffer.from(text, "utf8");
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (!this.deflate.write(bytes)) await once(this.deflate, "drain");
    await this.pending;
  }

  async end(): Promise<void> {
    const finished = once(this.deflate, "end");
    this.deflate.end();
    await finished;
    await this.pending;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(this.crc >>> 0, 4);
    descriptor.writeUInt32LE(this.compressed, 8);
    descriptor.writeUInt32LE(this.size, 12);
    await this.zip.raw(descriptor);
    this.done(this.crc >>> 0, this.compressed, this.size);
  }

  /** Stops compressing (the download was abandoned). */
  destroy(): void {
    this.deflate.destroy();
  }
}
