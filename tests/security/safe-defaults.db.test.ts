// Safe defaults: the command line's endpoint answers this machine only and never an empty token;
// an inbound STOP never blacklists a number in another account, even when its number is
// cancelled while the message is on its way; what a receiver on a private address answers is not
// kept for the API client that chose the URL.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cliRoute } from "../../app/api/internal/cli/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { env, persistentSecret } from "../../lib/env.ts";
import { createContact } from "../../lib/core/contacts/create-contact.ts";
import { simulateInbound } from "../../lib/core/numbers/simulate-inbound.ts";
import { postJson } from "../../lib/core/callbacks/outbound-http.ts";
import { DomainError } from "../../lib/core/errors.ts";

const db = useTestDatabase();

const cli = (headers: Record<string, string>) =>
  cliRoute(
    new Request("http://localhost:3999/api/internal/cli", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(["account", "create", "--name", "Via CLI"]),
    }),
  );

describe("POST /api/internal/cli", () => {
  it("answers the token's holder on this machine only", async () => {
    const token = persistentSecret(env().dataDir, "cli-token");
    expect((await cli({ "x-cli-token": token, "x-forwarded-for": "127.0.0.1" })).status).toBe(200);
    const remote = await cli({ "x-cli-token": token, "x-forwarded-for": "203.0.113.5" });
    expect(remote.status).toBe(403);
    expect((await remote.json()).code).toBe("403000004");
    // From elsewhere through a proxy on this machine.
    expect((await cli({ "x-cli-token": token, "x-forwarded-for": "203.0.113.5, 127.0.0.1" })).status).toBe(403);
  });

  it("takes no token at all as valid when the token file is empty", async () => {
    const file = path.join(env().dataDir, "cli-token");
    const kept = persistentSecret(env().dataDir, "cli-token");
    fs.writeFileSync(file, "");
    try {
      expect((await cli({ "x-cli-token": "" })).status).toBe(401);
      expect((await cli({})).status).toBe(401);
    } finally {
      fs.writeFileSync(file, kept);
    }
  });
});

describe("an inbound STOP", () => {
  it("whose number is cancelled on the way blacklists the sender in that number's account only", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx);
    const b = await makeAccount(ctx);
    const sender = "+306977000111";
    const mine = await createContact(ctx, a.account.id, { mobile: sender });
    const theirs = await createContact(ctx, b.account.id, { mobile: sender });
    const msisdn = `+44770${String(Date.now()).slice(-7)}`;
    await ctx.db.rentedNumber.create({
      data: { id: crypto.randomUUID(), accountId: a.account.id, msisdn, monthlyMicros: 0n, activationMicros: 0n, rentedAt: new Date(), nextRenewal: new Date(Date.now() + 86_400_000) },
    });
    // The number is cancelled while the simulator's message is on its way.
    const racing = {
      ...ctx,
      simulateMobileOriginated: async (m: { from: string; to: string; text: string }) => {
        await ctx.db.rentedNumber.delete({ where: { msisdn } });
        return { ...m, receivedAt: new Date() };
      },
    };
    const answer = await simulateInbound(racing, { to: msisdn, from: sender, body: "STOP" }).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(DomainError);
    const services = async (id: string) => (await ctx.db.contact.findUniqueOrThrow({ where: { id } })).blacklistedServices;
    expect(await services(mine.id)).toEqual(["Sms"]);
    expect(await services(theirs.id)).toEqual([]);
  });
});

describe("a receiver on a private address", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("root:x:0:0:secret internal answer"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("is called where private callbacks are allowed, but what it answers is not kept", async () => {
    const r = await postJson(url, "{}", {}, { timeoutMs: 2000, allowPrivate: true });
    expect(r).toMatchObject({ statusCode: 200, ok: true, responseBody: "" });
  });
});
