// The operator's commands (in-process: the command and its answer as scripts/cli.ts prints them,
// on this test's database): a platform administrator, an account suspended and reactivated, and
// its own prices; JSON out, bad input explained on stderr.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { useCliInProcess } from "../support/run-cli.ts";

const db = useTestDatabase();
const cli = useCliInProcess(db);

describe("operator commands", () => {
  it("creates a platform administrator, suspends and resumes an account, and sets its own prices", async () => {
    const account = await cli("account", "create", "--name", "Initech", "--balance", "10");
    expect(account.code).toBe(0);
    const id = account.out.accountId as string;

    const admin = await cli("user", "create", "--account", id, "--email", "Root@Initech.test", "--password", "long enough pw", "--platform-admin");
    expect(admin.out).toMatchObject({ email: "root@initech.test", role: "owner", platformAdmin: true });
    // Another administrator needs no --account: it joins the administrators' account.
    const ops = await cli("user", "create", "--email", "ops@initech.test", "--password", "long enough pw", "--platform-admin");
    expect(ops.out).toMatchObject({ accountId: id, platformAdmin: true });

    const other = (await cli("account", "create", "--name", "Hooli")).out.accountId as string;
    const suspended = await cli("account", "suspend", "--id", other, "--reason", "Unpaid invoice");
    expect(suspended.out).toEqual({ accountId: other, state: "suspended", reason: "Unpaid invoice" });
    const resumed = await cli("account", "resume", "--id", other);
    expect(resumed.out).toEqual({ accountId: other, state: "active", resumedJobs: 0 });

    const country = await cli("account", "price", "set", "--id", other, "--country", "GR", "--price", "0.021");
    expect(country.out).toEqual({ accountId: other, country: "GR", price: 0.021 });
    const network = await cli("account", "price", "set", "--id", other, "--country", "gr", "--network", "20201", "--price", "0.019");
    expect(network.out).toEqual({ accountId: other, country: "GR", network: "20201", price: 0.019 });
    const list = await cli("account", "price", "list", "--id", other);
    expect(list.out.prices).toEqual([
      { country: "GR", network: "", networkName: "", price: 0.021, systemPrice: expect.any(Number) },
      { country: "GR", network: "20201", networkName: "Cosmote", price: 0.019, systemPrice: 0.0365 },
    ]);
  }, 300_000);

  it("explains bad input", async () => {
    const account = (await cli("account", "create", "--name", "Umbrella")).out.accountId as string;
    const badCountry = await cli("account", "price", "set", "--id", account, "--country", "ZZ", "--price", "0.01");
    expect(badCountry.err).toMatch(/400000000: ZZ is not a destination/);
    const badPrice = await cli("account", "price", "set", "--id", account, "--country", "GR", "--price", "cheap");
    expect(badPrice.err).toContain("--price must be an amount");
    const unknown = await cli("account", "price", "drop", "--id", account);
    expect(unknown.err).toContain("Unknown command");
    // Its own administrator would be locked out of the console that reactivates it.
    await cli("user", "create", "--account", account, "--email", "root@umbrella.test", "--password", "long enough pw", "--platform-admin");
    expect((await cli("account", "suspend", "--id", account)).err).toContain("409001007");
  }, 240_000);
});
