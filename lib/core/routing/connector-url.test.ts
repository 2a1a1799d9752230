import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { connectorUrlOf, parseConnectorUrl } from "./connector-url.ts";

function refusal(url: string): { status: number; property: unknown; message: string } {
  try {
    parseConnectorUrl(url);
  } catch (e) {
    if (e instanceof DomainError) return { status: e.status, property: e.details.property, message: e.message };
    throw e;
  }
  throw new Error(`${url} was accepted`);
}

describe("connector URL", () => {
  it("reads host, port and encoded credentials, leaving the rest to the defaults", () => {
    expect(parseConnectorUrl("smpp://sys%40id:p%3Ass@smsc.example:2776")).toEqual({ host: "smsc.example", port: 2776, systemId: "sys@id", password: "p:ss" });
  });

  it("reads every option", () => {
    const c = parseConnectorUrl(
      "ssmpp://acme:secret@[::1]:3550?binds=4&window=20&tps=50&ca=/etc/ssl/smsc.pem&system_type=VMA&bind=txrx&data_coding=1&src_ton=5&src_npi=0&dst_ton=1&dst_npi=1&enquire_link=15&temporary_errors=88,0x14",
    );
    expect(c).toEqual({
      host: "::1",
      port: 3550,
      systemId: "acme",
      password: "secret",
      tls: true,
      binds: 4,
      window: 20,
      tps: 50,
      caFile: "/etc/ssl/smsc.pem",
      systemType: "VMA",
      bindMode: "transmitter-receiver",
      gsm7DataCoding: 1,
      sourceTon: 5,
      sourceNpi: 0,
      destTon: 1,
      destNpi: 1,
      enquireLinkSeconds: 15,
      temporaryErrors: [88, 20],
    });
    expect(parseConnectorUrl("smpp://a:b@h:1?tls=1&bind=trx")).toMatchObject({ tls: true, bindMode: "transceiver" });
  });

  it("ignores empty parameters (a template left half filled)", () => {
    expect(parseConnectorUrl("smpp://a:b@h:2775?binds=&window=&tps=&tls=")).toEqual({ host: "h", port: 2775, systemId: "a", password: "b" });
  });

  it("refuses a URL without host or port, and bad options, naming the url", () => {
    for (const url of ["smpp://a:b@:2775", "smpp://:2775", "smpp://a:b@smsc.example", "smpp://smsc.example?binds=2", "http://a:b@h:80", "not a url", "smpp://a:b@h:99999"]) {
      const r = refusal(url);
      expect(r.status, url).toBe(400);
      expect(r.property, url).toBe("url");
    }
    expect(refusal("smpp://a:b@h").message).toContain("no port");
    expect(refusal("smpp://a:b@:1").message).toContain("no host");
    expect(refusal("smpp://a:b@h:1?binds=0").message).toContain("binds must be at least 1");
    expect(refusal("smpp://a:b@h:1?data_coding=2").message).toContain("gsm7DataCoding is 0, 1 or 3");
    expect(refusal("smpp://a:b@h:1?bind=both").message).toContain("bindMode");
    expect(refusal("smpp://a:b@h:1?window=ten").message).toContain("window");
    expect(refusal("smpp://a:b@h:1?speed=9").message).toContain('unknown parameter "speed"');
    expect(refusal("ssmpp://a:b@h:1?tls=0").message).toContain("TLS");
  });

  it("writes a connector back as a URL without its password", () => {
    expect(connectorUrlOf({ host: "::1", port: 2775, systemId: "a b", tls: true })).toBe("ssmpp://a%20b@[::1]:2775");
  });
});
