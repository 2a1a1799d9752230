import { describe, expect, it } from "vitest";
import { filterSql, isEmptyFilter, shownState } from "./delivery-filter.ts";

const account = "7b0c5a52-52a1-4c47-9a4d-1a9a1f0c2b11";

describe("the webhook log's filters", () => {
  it("shows stored states as the log names them", () => {
    expect(shownState("pending", 0)).toBe("pending");
    expect(shownState("pending", 2)).toBe("retrying");
    expect(shownState("queued", 1)).toBe("pending");
    expect(shownState("sending", 0)).toBe("pending");
    expect(shownState("paused", 3)).toBe("paused");
  });

  it("writes states as literals that exclude delivered ones, so the partial index applies", () => {
    const { where, values } = filterSql(account, { state: ["failed", "paused"], host: " Hooks.Example.COM " });
    expect(where).toContain("c.state = 'failed'");
    expect(where).toContain("c.state <> 'delivered'");
    expect(values).toEqual([account, "hooks.example.com"]);
    expect(filterSql(account, { state: ["delivered"] }).where).not.toContain("<> 'delivered'");
  });

  it("refuses a resource id that is not a trackingId, naming it", () => {
    expect(() => filterSql(account, { resourceId: "nope" })).toThrow(expect.objectContaining({ details: expect.objectContaining({ property: "resourceId" }) }));
  });

  it("knows an empty filter", () => {
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ state: [] })).toBe(true);
    expect(isEmptyFilter({ kind: "sms.status" })).toBe(false);
  });
});
