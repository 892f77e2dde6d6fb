import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ZipWriter, ZipWriterClosed } from "./zip-writer";

/** A reply that takes one chunk per tick with a tiny buffer: every write makes the writer wait. */
function slowReply(): Writable {
  return new Writable({
    highWaterMark: 16,
    write(_chunk, _encoding, callback) {
      setImmediate(callback);
    },
  });
}

describe("ZipWriter waiting for a slow reader", () => {
  it("leaves no listener behind on the reply after each wait", async () => {
    const out = slowReply();
    const before = { close: out.listenerCount("close"), error: out.listenerCount("error"), drain: out.listenerCount("drain") };
    const zip = new ZipWriter(out);
    for (let i = 0; i < 30; i++) await zip.raw(Buffer.alloc(64, i));
    expect({ close: out.listenerCount("close"), error: out.listenerCount("error"), drain: out.listenerCount("drain") }).toEqual(before);
  });

  it("fails the wait when the reader goes away", async () => {
    const out = new Writable({ highWaterMark: 1, write() {} });
    const zip = new ZipWriter(out);
    const waiting = zip.raw(Buffer.alloc(64));
    out.destroy();
    await expect(waiting).rejects.toBeInstanceOf(ZipWriterClosed);
    await expect(zip.raw(Buffer.alloc(1))).rejects.toBeInstanceOf(ZipWriterClosed);
  });
});
