// The backup file's layout (docs/decisions/100): one gzip'd tar whose first member is PGlite's
// own archive, `database.tar.gz`, followed by the kept part photos as `objects/uploads/<name>`.
// Written and read as streams (photos can add up to gigabytes), with a minimal ustar writer and
// reader for just these members: plain files, short names. A backup made before photos were
// included is PGlite's archive alone; `firstMemberName` tells the two apart.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { createGunzip, createGzip, type Gzip } from "node:zlib";

export const DATABASE_MEMBER = "database.tar.gz";
export const PHOTO_MEMBER = /^objects\/uploads\/([0-9a-f]{32})$/;
const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Nombre demasiado largo para el respaldo: ${name}`);
  const h = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0") + "\0";
  h.write(name, 0, 100, "utf8");
  h.write(octal(0o600, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  h.write("        ", 148);
  h.write("0", 156);
  h.write("ustar\0", 257);
  h.write("00", 263);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A tar.gz being written member by member. */
export class ArchiveWriter {
  private readonly gzip: Gzip = createGzip();
  private readonly out: WriteStream;
  private readonly done: Promise<unknown>;

  constructor(file: string) {
    this.out = createWriteStream(file, { mode: 0o600, flags: "wx" });
    this.gzip.pipe(this.out);
    this.done = once(this.out, "close");
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, "drain");
  }

  async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.write(header(name, data.length, mtime));
    await this.write(data);
    await this.write(padding(data.length));
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.gzip.end();
    await this.done;
  }
}

/** Gunzipped chunks of the file, as a stream (throws on a file that is not gzip). */
async function* gunzipped(file: string): AsyncGenerator<Buffer> {
  yield* createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>;
}

export interface Member {
  name: string;
  size: number;
  /** The member's bytes, read from the stream; must be called once, before the next member. */
  read(): Promise<Buffer>;
}

/** The members of a tar.gz in order, read as a stream. */
export async function* members(file: string): AsyncGenerator<Member> {
  const source: AsyncIterator<Buffer> = gunzipped(file)[Symbol.asyncIterator]();
  // Chunks not yet taken; joined once per take, so a large member is not copied over and over.
  let pending: Buffer[] = [];
  let length = 0;
  const take = async (n: number): Promise<Buffer> => {
    while (length < n) {
      const next = await source.next();
      if (next.done) throw new Error("el archivo termina a la mitad");
      pending.push(next.value);
      length += next.value.length;
    }
    const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    const rest = joined.subarray(n);
    pending = rest.length ? [rest] : [];
    length = rest.length;
    return joined.subarray(0, n);
  };
  try {
    yield* readMembers(take);
  } finally {
    // Stopping early (or failing) closes the file.
    await source.return?.(undefined);
  }
}

async function* readMembers(take: (n: number) => Promise<Buffer>): AsyncGenerator<Member> {
  for (;;) {
    const h = await take(BLOCK);
    if (h.every((b) => b === 0)) return;
    if (h.subarray(257, 262).toString("latin1") !== "ustar") throw new Error("no contiene un .tar");
    const name = h.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(h.subarray(124, 136).toString("latin1").replace(/\0.*$/s, "").trim() || "0", 8);
    let consumed = false;
    yield {
      name,
      size,
      read: async () => {
        consumed = true;
        return Buffer.from(await take(size));
      },
    };
    if (!consumed) await take(size);
    await take(padding(size).length);
  }
}

/** The first member's name, or null when the file is not a gzip'd tar. */
export async function firstMemberName(file: string): Promise<string | null> {
  try {
    for await (const member of members(file)) return member.name;
    return null;
  } catch {
    return null;
  }
}
