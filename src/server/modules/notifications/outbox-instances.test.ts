// Two app instances on one PostgreSQL draining one outbox: every message is sent exactly once.
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { notificationOutbox } from "../../db/schema";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../../test/app";
import { openSecondConnection } from "../../test/database";
import { fakeGraphEnv, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import { enqueueNotification, wakeOutboxWorker } from "../../core/outbox";
import { until } from "../../test/until";

const MESSAGES = 50;

// PGlite is a single-connection embedded database: two instances cannot share it, so this
// runs only on PostgreSQL (DATABASE_URL), as CI's second pass does.
describe("two app instances on one PostgreSQL", () => {
  let first: TestApp | undefined;
  let fake: FakeGraphApi | undefined;
  let secondDb: Database | undefined;
  let second: FastifyInstance | undefined;

  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
    await fake?.close();
  });

  it.skipIf(!process.env.DATABASE_URL)("never sends one message twice", async () => {
    fake = await startFakeGraphApi();
    // Slow answers keep both instances' claims overlapping.
    fake.setSuccessDelay(15);
    first = await createTestApp({ env: fakeGraphEnv(fake), deps: { startJobs: true } });
    secondDb = await openSecondConnection(first.database);
    ({ app: second } = await buildApp({ config: first.config, database: secondDb, adminPassword: TEST_ADMIN_PASSWORD, startJobs: true }));
    await second.ready();
    const db = first.ctx.db;
    const ids = await db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < MESSAGES; i++) {
        const { id } = await enqueueNotification(tx, {
          kind: "WHATSAPP_ENTRY_STATUS",
          recipient: `50670${String(i).padStart(6, "0")}`,
          body: `mensaje ${i}`,
          parameters: [`msg-${i}`],
        });
        out.push(id);
      }
      return out;
    });
    // Both workers listen in this process; each instance would be woken by its own commits.
    wakeOutboxWorker();

    await until(
      async () => {
        const [{ n }] = await db.select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.status, "SENT"));
        return Number(n) === MESSAGES;
      },
      `all ${MESSAGES} messages sent`,
      30_000,
    );

    const delivered = fake.accepted.map((r) => r.body.template?.components?.[0].parameters?.[0].text);
    const times = new Map<string, number>();
    for (const key of delivered) times.set(String(key), (times.get(String(key)) ?? 0) + 1);
    expect(fake.requests).toHaveLength(MESSAGES);
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    expect([...times.keys()].sort()).toEqual(ids.map((_id, i) => `msg-${i}`).sort());
    const rows = await db.select().from(notificationOutbox);
    expect(rows.every((r) => r.status === "SENT" && r.attempts === 1)).toBe(true);
  });
});
