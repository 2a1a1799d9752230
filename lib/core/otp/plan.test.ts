import { describe, expect, it } from "vitest";
import { buildPlan, codeLifetimeSeconds, smsTtlMinutes } from "./plan.ts";
import { DomainError } from "../errors.ts";
import { codeMatches, hashCode, renderBody, sealCode, unsealCode } from "./otp-code.ts";
import { flowIdOfLabel, notifyKey, otpSmsLabel } from "./flow-view.ts";
import { outcomeFor } from "../../providers/viber/simulator.ts";

const sms = { type: "Sms" as const, to: "306912345678", order: 2, ttl: 120, from: "Switchboard", message: { body: "Code @@pin" } };
const viber = { type: "ViberOtp" as const, to: "+306912345678", order: 1, ttl: 60 };

const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? { kind: e.kind, property: e.details.property } : e;
  }
  throw new Error("not refused");
};

describe("failover plan", () => {
  it("orders steps by order and normalises numbers", () => {
    const { plan, pin } = buildPlan({ flow: [sms, viber] });
    expect(plan.map((p) => p.type)).toEqual(["ViberOtp", "Sms"]);
    expect(plan[1]).toMatchObject({ to: "+306912345678", country: "GR", ttl: 120, from: "Switchboard", body: "Code @@pin" });
    expect(pin).toBeNull();
    expect(codeLifetimeSeconds(plan)).toBe(780);
  });

  it("refuses duplicate orders, different pins, an SMS without sender or text, and a text without the code", () => {
    expect(refused(() => buildPlan({ flow: [viber, { ...sms, order: 1 }] }))).toEqual({ kind: "validation", property: "flow[1].order" });
    expect(
      refused(() =>
        buildPlan({
          flow: [
            { ...viber, pin: "1234" },
            { ...sms, pin: "9999" },
          ],
        }),
      ),
    ).toMatchObject({ kind: "validation", property: "flow" });
    expect(refused(() => buildPlan({ flow: [{ ...sms, from: undefined }] }))).toMatchObject({ property: "flow[0].from" });
    expect(refused(() => buildPlan({ flow: [{ ...sms, message: { body: "no code" } }] }))).toMatchObject({ property: "flow[0].message.body" });
    expect(buildPlan({ flow: [{ ...sms, pin: "4321", message: { body: "Your code is 4321" } }] }).pin).toBe("4321");
  });

  it("keeps an SMS ttl within 1 to 4320 minutes", () => {
    expect([smsTtlMinutes(1), smsTtlMinutes(61), smsTtlMinutes(10_000_000)]).toEqual([1, 2, 4320]);
  });
});

describe("codes", () => {
  it("renders placeholders, hashes per flow and seals for later steps", () => {
    expect(renderBody("A @@pin B {{code}}", "123456")).toBe("A 123456 B 123456");
    const h = hashCode("f1", "123456");
    expect(h).not.toContain("123456");
    expect(codeMatches("f1", "123456", h)).toBe(true);
    expect(codeMatches("f2", "123456", h)).toBe(false);
    expect(codeMatches("f1", "123457", h)).toBe(false);
    const sealed = sealCode("a-secret-of-16-chars", "f1", "123456");
    expect(sealed).not.toContain("123456");
    expect(unsealCode("a-secret-of-16-chars", "f1", sealed)).toBe("123456");
    expect(() => unsealCode("a-secret-of-16-chars", "f2", sealed)).toThrow();
  });
});

describe("flow labels, webhook keys and the Viber simulator", () => {
  it("marks an OTP's SMS with its flow", () => {
    const id = "3f1c2a4e-0000-4000-8000-000000000000";
    expect(flowIdOfLabel(otpSmsLabel(id, 1, "login"))).toBe(id);
    expect(flowIdOfLabel("login")).toBeNull();
  });

  it("keys a webhook on statuses only", () => {
    const view = (price: number | null, status: string) => ({ flowId: "f", status: "InProgress" as const, statusCode: null, total_cost: price, steps: [{ trackingId: "s", status } as never] });
    expect(notifyKey(view(null, "sent"))).toBe(notifyKey(view(0.01, "sent")));
    expect(notifyKey(view(null, "sent"))).not.toBe(notifyKey(view(null, "delivered")));
  });

  it("follows the test numbers", () => {
    expect([outcomeFor("+306912340006"), outcomeFor("+306912340005"), outcomeFor("+306912340007"), outcomeFor("+306912345678")]).toEqual(["EXPIRED", null, "FAILED", "DELIVERED"]);
  });
});
