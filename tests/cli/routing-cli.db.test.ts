// The connector and route commands as an operator types them: connectors from smpp:// URLs,
// routes from --match options, costs from a CSV file, the route tester — JSON answers that never
// carry the password, and bad input refused with the property it concerns.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { useCli } from "../support/run-cli.ts";
import { makeAccount } from "../support/factories.ts";
import { runCommand } from "../../scripts/cli/run-command.ts";
import { answer } from "../../scripts/cli/answer.ts";
import { matchPairs } from "../../scripts/cli/routing-commands.ts";
import { unseal } from "../../lib/core/secrets/seal.ts";
import { CONNECTOR_PASSWORD } from "../../lib/core/routing/manage-connectors.ts";

const db = useTestDatabase();
const processCli = useCli(db);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-routing-cli-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCommand(db.ctx(), argv) as Promise<any>;
async function refused(argv: string[]): Promise<{ status: number; property: unknown; message: string }> {
  try {
    await cli(...argv);
  } catch (e: any) {
    return { status: e.status, property: e.details?.property, message: e.message };
  }
  throw new Error(`${argv.join(" ")} was accepted`);
}

beforeEach(async () => {
  await db.ctx().db.route.deleteMany();
  await db.ctx().db.connector.deleteMany();
});

describe("connector commands", () => {
  it("adds a connector from its URL, seals the password and never prints it", async () => {
    const added = await cli("connector", "add", "--name", "athens", "--url", "ssmpp://acme:s3cr3t-pw@smsc.example:3550?binds=2&window=20&tps=50&bind=txrx&data_coding=3&enquire_link=15");
    expect(added).toMatchObject({
      name: "athens",
      host: "smsc.example",
      port: 3550,
      binds: 2,
      window: 20,
      tps: 50,
      tls: true,
      bindMode: "transmitter-receiver",
      gsm7DataCoding: 3,
      enquireLinkSeconds: 15,
      passwordSet: true,
      enabled: true,
    });
    expect(added.url).toBe("ssmpp://acme@smsc.example:3550");
    const row = await db.ctx().db.connector.findUniqueOrThrow({ where: { name: "athens" } });
    expect(row.passwordSealed).not.toContain("s3cr3t");
    expect(unseal(db.ctx().config.authSecret, CONNECTOR_PASSWORD, row.id, row.passwordSealed)).toBe("s3cr3t-pw");

    const list = await cli("connector", "list");
    expect(list).toEqual([expect.objectContaining({ name: "athens", state: "unknown", passwordSet: true, routes: 0 })]);
    for (const out of [added, list]) {
      expect(JSON.stringify(out)).not.toContain("s3cr3t");
      expect(JSON.stringify(out)).not.toContain("passwordSealed");
    }
  });

  it("stops, starts and removes a connector by name", async () => {
    await cli("connector", "add", "--name", "a", "--url", "smpp://u:p@127.0.0.1:2775");
    expect(await cli("connector", "stop", "--name", "a")).toEqual({ name: "a", enabled: false });
    expect((await cli("connector", "list"))[0].state).toBe("stopped");
    expect(await cli("connector", "start", "--name", "a")).toEqual({ name: "a", enabled: true });
    expect(await cli("connector", "remove", "--name", "a")).toEqual({ name: "a", removed: true });
    expect(await cli("connector", "list")).toEqual([]);
    expect(await refused(["connector", "remove", "--name", "a"])).toMatchObject({ status: 404, property: "name" });
  });

  it("refuses a URL without host or port, a taken name, and a connector routes still use", async () => {
    expect(await refused(["connector", "add", "--name", "x", "--url", "smpp://u:p@smsc.example"])).toMatchObject({ status: 400, property: "url" });
    expect(await refused(["connector", "add", "--name", "x", "--url", "smpp://u:p@:2775"])).toMatchObject({ status: 400, property: "url" });
    expect(await refused(["connector", "add", "--name", "bad name", "--url", "smpp://u:p@h:1"])).toMatchObject({ status: 400, property: "name" });
    expect(await refused(["connector", "add", "--name", "x"])).toMatchObject({ status: 400, property: "url" });
    await cli("connector", "add", "--name", "x", "--url", "smpp://u:p@h:1");
    expect(await refused(["connector", "add", "--name", "x", "--url", "smpp://u:p@h:2"])).toMatchObject({ status: 409, property: "name" });
    await cli("route", "add", "--match", "country=GR", "--connectors", "x");
    expect(await refused(["connector", "remove", "--name", "x"])).toMatchObject({ status: 409, property: "id" });
  });

  it("imports and exports costs from a CSV file", async () => {
    await cli("connector", "add", "--name", "cheap", "--url", "smpp://u:p@h:1");
    const file = path.join(dir, "costs.csv");
    fs.writeFileSync(file, "country,network,cost\nGR,,0.021\nGR,20201,0.018\nCY,,0.03\n");
    expect(await cli("connector", "cost", "import", "--name", "cheap", "--file", file)).toEqual({ name: "cheap", imported: 3 });
    const out = path.join(dir, "out.csv");
    expect(await cli("connector", "cost", "export", "--name", "cheap", "--file", out)).toEqual({ name: "cheap", file: out, rows: 3 });
    expect(fs.readFileSync(out, "utf8")).toBe("country,network,cost,currency\r\nCY,,0.03,EUR\r\nGR,,0.021,EUR\r\nGR,20201,0.018,EUR\r\n");
    fs.writeFileSync(file, "country,network,cost\nGR,,0.021\nZZ,,1\n");
    expect(await refused(["connector", "cost", "import", "--name", "cheap", "--file", file])).toMatchObject({ status: 400, property: "csv", message: expect.stringContaining("line 3") });
    // All or nothing: the earlier list stays.
    expect((await cli("connector", "cost", "export", "--name", "cheap")).csv).toContain("CY,,0.03");
    expect(await refused(["connector", "cost", "import", "--name", "cheap", "--file", path.join(dir, "missing.csv")])).toMatchObject({ status: 400, property: "file" });
  });
});

describe("route commands", () => {
  it("adds routes by --match, lists them in order and tests where a number goes", async () => {
    await cli("connector", "add", "--name", "A", "--url", "smpp://u:p@h:1");
    await cli("connector", "add", "--name", "B", "--url", "smpp://u:p@h:2");
    const gr = await cli("route", "add", "--match", "country=GR", "--match", "kind=single,otp", "--connectors", "A,B");
    expect(gr).toMatchObject({ position: 1, country: "GR", kind: "single,otp", strategy: "priority", connectors: ["A", "B"], match: "country=GR,kind=single,otp" });
    const rest = await cli("route", "add", "--connectors", "B");
    expect(rest).toMatchObject({ position: 2, match: "everything" });
    const split = await cli("route", "add", "--match", "country=CY,GR,prefix=+3069", "--connectors", "A,B", "--weights", "70,30", "--position", "1");
    expect(split).toMatchObject({ position: 1, country: "CY,GR", prefix: "3069", strategy: "weights", weights: [70, 30] });
    expect((await cli("route", "list")).map((r: any) => [r.position, r.match])).toEqual([
      [1, "country=CY,GR,prefix=3069"],
      [2, "country=GR,kind=single,otp"],
      [3, "everything"],
    ]);

    const t = await cli("route", "test", "--to", "+302101234567", "--from", "Shop");
    expect(t).toMatchObject({ connector: "A", routeId: gr.id, destination: { country: "GR", to: "+302101234567", senderType: "alphanumeric" } });
    expect(t.reason).toContain("Route 2");
    expect((await cli("route", "test", "--to", "+4915123456789")).connector).toBe("B");
    await cli("connector", "stop", "--name", "A");
    const stopped = await cli("route", "test", "--to", "+302101234567");
    expect(stopped.connector).toBe("B");
    expect(stopped.reason).toContain("A is stopped");

    expect(await cli("route", "remove", "--id", split.id)).toEqual({ id: split.id, removed: true });
    expect((await cli("route", "list")).map((r: any) => r.position)).toEqual([1, 2]);
  });

  it("tests an account's own rule, and says when nothing matches and there is no default", async () => {
    const { account } = await makeAccount(db.ctx());
    await cli("connector", "add", "--name", "vip", "--url", "smpp://u:p@h:1");
    const r = await cli("route", "add", "--account", account.id, "--connectors", "vip");
    expect((await cli("route", "test", "--account", account.id, "--to", "+306912345678")).routeId).toBe(r.id);
    const none = await cli("route", "test", "--to", "+306912345678");
    expect(none).toMatchObject({ connector: "", routeId: "", rule: null });
    expect(none.reason).toContain("no connector named default");
    await cli("connector", "add", "--name", "default", "--url", "smpp://u:p@h:2");
    expect((await cli("route", "test", "--to", "+306912345678")).connector).toBe("default");
  });

  it("refuses bad routes with the property at fault", async () => {
    await cli("connector", "add", "--name", "A", "--url", "smpp://u:p@h:1");
    await cli("connector", "add", "--name", "B", "--url", "smpp://u:p@h:2");
    const cases: [string[], number, string][] = [
      [["--match", "country=XX", "--connectors", "A"], 400, "country"],
      [["--match", "prefix=30a", "--connectors", "A"], 400, "prefix"],
      [["--match", "network=1", "--connectors", "A"], 400, "network"],
      [["--match", "kind=fax", "--connectors", "A"], 400, "kind"],
      [["--match", "sender=emoji", "--connectors", "A"], 400, "senderType"],
      [["--match", "colour=red", "--connectors", "A"], 400, "match"],
      [["--match", "GR", "--connectors", "A"], 400, "match"],
      [["--connectors", "A,Nope"], 404, "name"],
      [["--connectors", "A,B", "--weights", "70"], 400, "weights"],
      [["--connectors", "A,B", "--weights", "0,0"], 400, "weights"],
      [["--connectors", "A,B", "--strategy", "cost", "--weights", "1,1"], 400, "weights"],
      [["--connectors", "A", "--strategy", "fastest"], 400, "strategy"],
      [["--connectors", "A", "--account", "7b0c8a4e-0000-4000-8000-000000000000"], 404, "accountId"],
      [["--connectors", "A", "--position", "0"], 400, "position"],
      [["--match", "country=GR"], 400, "connectors"],
    ];
    for (const [args, status, property] of cases) expect(await refused(["route", "add", ...args]), args.join(" ")).toMatchObject({ status, property });
    expect(await refused(["route", "remove", "--id", "nope"])).toMatchObject({ status: 404, property: "id" });
    expect(await refused(["route", "test", "--to", "12"])).toMatchObject({ status: 400, property: "to" });
    expect(await refused(["route", "test", "--to", "+306912345678", "--account", "nope"])).toMatchObject({ status: 404, property: "accountId" });
    expect(await refused(["route", "test", "--to", "+306912345678", "--kind", "fax"])).toMatchObject({ status: 400, property: "kind" });
    expect(await cli("route", "list")).toEqual([]);
  });

  it("reads --match lists: a piece without '=' adds to the key before it", () => {
    expect(matchPairs(["country=GR,CY,prefix=3069", "kind=otp"])).toEqual([
      ["country", "GR,CY"],
      ["prefix", "3069"],
      ["kind", "otp"],
    ]);
  });
});

describe("as a process", () => {
  it("prints connectors as JSON without the password", async () => {
    // One process shows the wiring (the sealing secret from the data folder, JSON on stdout); the
    // list's printed text is the same answer, read here without a second process start.
    const added = await processCli("connector", "add", "--name", "proc", "--url", "smpp://sys:hunter2pw@127.0.0.1:2775?binds=2");
    expect(added).toMatchObject({ code: 0, out: { name: "proc", host: "127.0.0.1", port: 2775, binds: 2, window: 10, tps: 100, tls: false, passwordSet: true } });
    await cli("connector", "add", "--name", "here", "--url", "smpp://sys:hunter2pw@127.0.0.1:2775");
    const list = await answer(db.ctx(), ["connector", "list"]);
    // On PostgreSQL the process wrote to this database too: "proc" is listed there as well.
    expect(JSON.parse(list.stdout)).toContainEqual(expect.objectContaining({ name: "here", state: "unknown", passwordSet: true }));
    for (const out of [JSON.stringify(added), list.stdout]) expect(out).not.toContain("hunter2pw");
  }, 180_000);
});
