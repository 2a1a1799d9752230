// The dashboard's formats: the words and numbers every page shows the same way.
import { describe, expect, it } from "vitest";
import {
  capitalize,
  countOf,
  countryName,
  formatAmount,
  formatCost,
  formatMs,
  formatPercent,
  formatPrice,
  latencyBucket,
  multiplyPrice,
  nameOf,
  offsetLabel,
  plural,
  roleLabel,
  serviceLabel,
  tokenLifetimeLabel,
  ttlLabel,
} from "./format";

describe("dashboard formats", () => {
  it("counts words, with thousands separators where counts run high", () => {
    expect(plural(1, "part")).toBe("1 part");
    expect(plural(2, "part")).toBe("2 parts");
    expect(plural(0, "reply", "replies")).toBe("0 replies");
    expect(countOf(2500, "contact")).toBe("2,500 contacts");
    expect(countOf(1, "contact")).toBe("1 contact");
  });

  it("names countries, and leaves an unknown or empty code as it is", () => {
    expect(countryName("gr")).toBe("Greece");
    expect(countryName("")).toBe("");
    expect(countryName("not a code")).toBe("not a code");
  });

  it("shows money without floating-point drift", () => {
    expect(formatPrice(0.0365, "EUR")).toBe("€0.0365");
    expect(multiplyPrice(0.0365, 3)).toBe(0.1095);
    expect(formatAmount(12.3456, "EUR")).toBe("€12.35");
    expect(formatAmount(0.0365, "EUR")).toBe("€0.0365");
    expect(formatCost({ price: 1, currency: "USD" })).toBe("$1.00");
    expect(formatCost(undefined)).toBe("—");
  });

  it("puts durations in words", () => {
    expect(ttlLabel(4320)).toBe("3 days");
    expect(ttlLabel(90)).toBe("1 h 30 min");
    expect(ttlLabel(45)).toBe("45 min");
    expect(ttlLabel(120)).toBe("2 hours");
    expect(tokenLifetimeLabel(86400)).toBe("1 day");
    expect(tokenLifetimeLabel(42)).toBe("42 s");
    expect(formatMs(850)).toBe("850 ms");
    expect(formatMs(1520)).toBe("1.52 s");
    expect(formatMs(12000)).toBe("12.0 s");
    expect(formatMs(null)).toBe("—");
    expect(latencyBucket(46)).toBe("> 45 s");
    expect(latencyBucket(5)).toBe("≤ 5 s");
    expect(offsetLabel("2024-01-01T00:00:00.000Z", "2024-01-01T00:00:01.520Z")).toBe("+1.52 s");
    expect(offsetLabel("2024-01-01T00:00:00.000Z", "2024-01-01T00:00:00.250Z")).toBe("+250 ms");
  });

  it("rates, roles, names and services", () => {
    expect(formatPercent(0.0312)).toBe("3.1%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(null)).toBe("—");
    expect(roleLabel("owner")).toBe("Owner");
    expect(capitalize("delivered")).toBe("Delivered");
    expect(nameOf({ firstName: "", lastName: "", mobile: "+306912345678" })).toBe("+306912345678");
    expect(nameOf({ firstName: "Ada", lastName: "Lovelace", mobile: "+1" })).toBe("Ada Lovelace");
    expect(serviceLabel("TwoStep")).toBe("Two-step");
  });
});
