import { describe, expect, it } from "vitest";
import { type ConnectorOptions, ConnectorOptionError, resolveConnector } from "./connector-options.ts";
import { connectorOptionsFromUrl, connectorUrl } from "./connector-url.ts";

function refusal(f: () => unknown): { property: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof ConnectorOptionError) return { property: e.property, message: e.message };
    throw e;
  }
  throw new Error("not refused");
}

describe("connector URLs", () => {
  it("reads host, port, percent-encoded credentials and nothing else when nothing else is set", () => {
    expect(connectorOptionsFromUrl("smpp://sys%40id:p%3Ass@smsc.example:2776")).toEqual({ host: "smsc.example", port: 2776, systemId: "sys@id", password: "p:ss" });
    expect(connectorOptionsFromUrl("smpp://a:b@[::1]:2775").host).toBe("::1");
  });

  it("reads every option from the query", () => {
    const url =
      "smpp://acme:pw@10.0.0.5:2775?binds=3&window=25&tps=250&bind=txrx&tls=1&ca=/etc/ssl/smsc-ca.pem&system_type=VMA&data_coding=3" +
      "&src_ton=5&src_npi=0&dst_ton=1&dst_npi=1&enquire_link=15&timeout=20000&temporary_errors=ESME_RTHROTTLED,0x400,20";
    expect(connectorOptionsFromUrl(url)).toEqual({
      host: "10.0.0.5",
      port: 2775,
      systemId: "acme",
      password: "pw",
      binds: 3,
      window: 25,
      tps: 250,
      bindMode: "transmitter-receiver",
      tls: { caFile: "/etc/ssl/smsc-ca.pem" },
      systemType: "VMA",
      gsm7DataCoding: 3,
      sourceTon: 5,
      sourceNpi: 0,
      destTon: 1,
      destNpi: 1,
      enquireLinkSeconds: 15,
      submitTimeoutMs: 20000,
      temporaryErrors: [0x58, 0x400, 20],
    });
  });

  it("takes ssmpp:// as TLS, with or without a CA file, and tps=0 as no limit", () => {
    expect(connectorOptionsFromUrl("ssmpp://a:b@h:3550").tls).toEqual({});
    expect(connectorOptionsFromUrl("ssmpp://a:b@h:3550?ca=%2Ftmp%2Fca.pem").tls).toEqual({ caFile: "/tmp/ca.pem" });
    expect(connectorOptionsFromUrl("smpp://a:b@h:2775?tls=0").tls).toBeUndefined();
    const noLimit = connectorOptionsFromUrl("smpp://a:b@h:2775?tps=0");
    expect(resolveConnector(noLimit).tps).toBe(Infinity);
    expect(connectorOptionsFromUrl("smpp://a:b@h:2775?bind=trx").bindMode).toBe("transceiver");
  });

  it.each([
    ["http://a:b@h:2775", "url", /smpp:\/\/ or ssmpp:\/\//],
    ["not a url", "url", /not a URL/],
    ["smpp://a:b@:2775", "host", /no host/],
    ["smpp://a:b@h", "port", /no port/],
    ["smpp://a:b@h:0", "port", /port must be a port number/],
    ["smpp://a:b@h:70000", "port", /1-65535/],
    ["smpp://h:2775", "systemId", /no system_id/],
    ["smpp://a:b@h:2775?speed=9", "url", /unknown parameter "speed"/],
    ["smpp://a:b@h:2775?window=5&window=6", "window", /twice/],
    ["smpp://a:b@h:2775?window=abc", "window", /window must be a number \(got "abc"\)/],
    ["smpp://a:b@h:2775?window=0", "window", /window must be a whole number from 1 to 10000.*URL parameter window/],
    ["smpp://a:b@h:2775?binds=500", "binds", /binds must be a whole number from 1 to 100/],
    ["smpp://a:b@h:2775?binds=1.5", "binds", /binds must be a whole number/],
    ["smpp://a:b@h:2775?tps=-1", "tps", /tps must be a number/],
    ["smpp://a:b@h:2775?timeout=0", "submitTimeoutMs", /URL parameter timeout/],
    ["smpp://a:b@h:2775?bind=rx", "bindMode", /bind must be trx .* or txrx/],
    ["smpp://a:b@h:2775?data_coding=8", "gsm7DataCoding", /data_coding must be 0, 1 or 3/],
    ["smpp://a:b@h:2775?src_ton=9", "sourceTon", /TON from 0 to 6.*src_ton/],
    ["smpp://a:b@h:2775?dst_npi=19", "destNpi", /NPI from 0 to 18.*dst_npi/],
    ["smpp://a:b@h:2775?enquire_link=0", "enquireLinkSeconds", /enquire_link/],
    ["smpp://a:b@h:2775?tls=maybe", "tls", /tls must be 1 or 0/],
    ["smpp://a:b@h:2775?tls=0&ca=/x.pem", "tls", /use ssmpp:\/\/ or tls=1/],
    ["ssmpp://a:b@h:3550?tls=0", "tls", /contradicts/],
    ["smpp://a:b@h:2775?ca=", "tls", /PEM file/],
    ["smpp://a:b@h:2775?system_type=much-too-long-type", "systemType", /at most 12/],
    ["smpp://a:b@h:2775?temporary_errors=ESME_RNOPE", "temporaryErrors", /"ESME_RNOPE" is not an SMPP status/],
  ])("refuses %s (property %s)", (url, property, message) => {
    const r = refusal(() => connectorOptionsFromUrl(url));
    expect(r.property).toBe(property);
    expect(r.message).toMatch(message);
  });

  it("reads SMSC_URL leniently: the port defaults to SMPP's and the system_id may be empty", () => {
    expect(connectorOptionsFromUrl("smpp://h", { strict: false })).toMatchObject({ host: "h", port: 2775, systemId: "" });
    expect(connectorOptionsFromUrl("ssmpp://a:b@h", { strict: false })).toMatchObject({ port: 3550, tls: {} });
    expect(refusal(() => connectorOptionsFromUrl("smpp://a:b@h?window=x", { strict: false })).property).toBe("window");
  });

  it("writes a connector back as a URL with the password masked and only what differs from the defaults", () => {
    const o: ConnectorOptions = { host: "smsc.example", port: 2775, systemId: "acme", password: "s3cret", window: 10, tps: 100, binds: 2 };
    expect(connectorUrl(o)).toBe("smpp://acme:***@smsc.example:2775?binds=2");
    expect(connectorUrl({ ...o, password: "" })).toBe("smpp://acme@smsc.example:2775?binds=2");
    expect(connectorUrl({ ...o, host: "::1", tls: { caFile: "/etc/ca.pem" }, tps: Infinity })).toBe("ssmpp://acme:***@[::1]:2775?binds=2&tps=0&ca=/etc/ca.pem");
  });

  it("round-trips every option when the password is shown", () => {
    const o: ConnectorOptions = {
      host: "10.0.0.5",
      port: 2776,
      systemId: "a c@me",
      password: "p&ss:w/rd",
      binds: 4,
      window: 30,
      tps: 12.5,
      bindMode: "transmitter-receiver",
      tls: { caFile: "/etc/my ca.pem" },
      systemType: "VMA",
      gsm7DataCoding: 1,
      sourceTon: 5,
      sourceNpi: 0,
      destTon: 2,
      destNpi: 9,
      enquireLinkSeconds: 45,
      submitTimeoutMs: 15000,
      temporaryErrors: [0x58, 0x400],
    };
    const url = connectorUrl(o, { showPassword: true });
    expect(url).toContain("temporary_errors=ESME_RTHROTTLED,0x400");
    expect(connectorOptionsFromUrl(url)).toEqual(o);
    expect(connectorUrl(connectorOptionsFromUrl("smpp://a:b@h:2775?temporary_errors=ESME_RSYSERR,ESME_RTHROTTLED,ESME_RMSGQFUL"))).toBe("smpp://a:***@h:2775");
  });
});

describe("connector options", () => {
  const base: ConnectorOptions = { host: "h", port: 2775, systemId: "a", password: "b" };

  it("fills in the defaults", () => {
    expect(resolveConnector(base)).toEqual({
      host: "h",
      port: 2775,
      systemId: "a",
      password: "b",
      systemType: "",
      bindMode: "transceiver",
      binds: 1,
      window: 10,
      tps: 100,
      tls: null,
      addressing: { sourceTon: undefined, sourceNpi: undefined, destTon: undefined, destNpi: undefined, gsm7DataCoding: 0 },
      enquireLinkSeconds: 30,
      temporaryErrors: new Set([0x58, 0x14, 0x08]),
      submitTimeoutMs: 30000,
    });
  });

  it.each([
    [{ host: " " }, "host"],
    [{ port: 65536 }, "port"],
    [{ tps: -5 }, "tps"],
    [{ bindMode: "receiver" }, "bindMode"],
    [{ gsm7DataCoding: 2 }, "gsm7DataCoding"],
    [{ tls: { caFile: "" } }, "tls"],
    [{ temporaryErrors: [0] }, "temporaryErrors"],
    [{ window: "10" }, "window"],
  ])("refuses %j", (over, property) => {
    expect(refusal(() => resolveConnector({ ...base, ...(over as Partial<ConnectorOptions>) })).property).toBe(property);
  });
});
