// `npm run cli -- …` as a user runs it: a real process, JSON on stdout, errors on stderr and a
// non-zero exit. The commands themselves run in-process (the same answer, scripts/cli/answer.ts,
// without a process start: seconds each on PGlite); two real processes show the wiring.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { useCli, useCliInProcess } from "../support/run-cli.ts";

const db = useTestDatabase();
const cli = useCli(db);
const cliHere = useCliInProcess(db);

describe("command line", () => {
  it("runs as a process: JSON on stdout and exit 0, or the problem on stderr and a non-zero exit", async () => {
    // One after the other: on PGlite both would open the same data folder.
    const made = await cli("account", "create", "--name", "Acme Ltd", "--balance", "25", "--currency", "USD", "--user-email", "Ops@Acme.test", "--user-password", "hunter2hunter2");
    const missing = await cli("account", "create");
    expect(made.code).toBe(0);
    expect(made.out).toMatchObject({ name: "Acme Ltd", balance: 25, userEmail: "ops@acme.test" });
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain("--name is required");
  }, 120_000);

  it("creates an account with a user, an application, and tops the account up", async () => {
    const account = await cliHere("account", "create", "--name", "Acme Ltd", "--balance", "25", "--currency", "USD", "--user-email", "Owner@Acme.test", "--user-password", "hunter2hunter2");
    expect(account.code).toBe(0);
    expect(account.out).toMatchObject({ name: "Acme Ltd", balance: 25, userEmail: "owner@acme.test" });
    expect(account.out.accountId).toMatch(/^[0-9a-f-]{36}$/);

    const app = await cliHere("app", "create", "--account", account.out.accountId, "--name", "Shop", "--scopes", "sms report", "--token-ttl", "86400");
    expect(app.code).toBe(0);
    expect(app.out).toMatchObject({ scopes: ["sms", "report"], tokenTtl: 86400 });
    // Short enough for every client (lib/core/applications/client-id.ts): 24 hex and 20 base62.
    expect(app.out.applicationId).toMatch(/^[0-9a-f]{24}$/);
    expect(app.out.applicationSecret).toMatch(/^[0-9A-Za-z]{20}$/);

    const topup = await cliHere("account", "topup", "--account", account.out.accountId, "--amount", "10.50");
    expect(topup.out).toEqual({ accountId: account.out.accountId, balance: 35.5 });
  });

  it("explains bad input on stderr with a non-zero exit", async () => {
    const ttl = await cliHere("app", "create", "--account", "6f1c0a4e-7a43-4d0e-9b8e-5d2f8f1b0c11", "--token-ttl", "5");
    expect(ttl.code).not.toBe(0);
    expect(ttl.err).toMatch(/404001001|token-ttl/);
    const unknown = await cliHere("launch", "rockets");
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain("Unknown command");
  });
});

describe("price list from the command line", () => {
  it("lists and edits a destination's price", async () => {
    const set = await cliHere("price", "set", "--country", "GR", "--mnc", "01", "--network", "Cosmote", "--price", "0.0412");
    expect(set.code).toBe(0);
    expect(set.out).toMatchObject({ country: "GR", mcc: "202", mnc: "01", network: "Cosmote", currency: "EUR", price: 0.0412 });
    const list = await cliHere("price", "list", "--country", "gr", "--currency", "EUR");
    expect(list.out.prices.find((p: any) => p.mnc === "01").price).toBe(0.0412);
    const bad = await cliHere("price", "set", "--country", "ZZ", "--price", "1");
    expect(bad.code).not.toBe(0);
  }, 60_000);
});
