import { describe, expect, it } from "vitest";
import ct from "countries-and-timezones";
import { quietHoursSupported, quietUntil, timeZoneFor } from "./quiet-hours.ts";

const at = (iso: string) => new Date(iso);
const until = (country: string, iso: string) => quietUntil(country, at(iso))?.toISOString() ?? null;
const utc = (iso: string) => at(iso).toISOString();

// An independent reading of local time, straight from Intl, for the properties below.
const clocks = new Map<string, Intl.DateTimeFormat>();
const clock = (zone: string) => {
  if (!clocks.has(zone)) clocks.set(zone, new Intl.DateTimeFormat("en-GB", { timeZone: zone, hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" }));
  return clocks.get(zone)!;
};
const parts = (zone: string, t: number) =>
  Object.fromEntries(
    clock(zone)
      .formatToParts(t)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, p.value]),
  );
const hourIn = (zone: string, t: number) => Number(parts(zone, t).hour);
const quietIn = (zone: string, t: number) => {
  const h = hourIn(zone, t);
  return h >= 23 || h < 8 || (h >= 14 && h < 17);
};
const zonesOf = (country: string) => ct.getCountry(country)?.timezones ?? [];
const calendars = new Map<string, Intl.DateTimeFormat>();
const calendar = (zone: string) => {
  if (!calendars.has(zone))
    calendars.set(zone, new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" }));
  return calendars.get(zone)!;
};
const offsetMinutes = (zone: string, t: number) => {
  const p = Object.fromEntries(
    calendar(zone)
      .formatToParts(t)
      .map((x) => [x.type, Number(x.value)]),
  );
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(t / 60_000) * 60_000) / 60_000;
};
const allCountries = Object.keys(ct.getAllCountries());
const supported = allCountries.filter(quietHoursSupported);

// A fixed pseudo-random sequence, so a failure names the same instant every run.
// Today's rules: Kazakhstan, for one, put its east on the west's clock in March 2024.
function* instants(seed: number, count: number, from = Date.UTC(2025, 0, 1), to = Date.UTC(2029, 0, 1)) {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    yield from + Math.floor((x / 2 ** 31) * (to - from));
  }
}

describe("quietHoursSupported", () => {
  it.each(["GR", "GB", "FR", "IT", "IN", "JP", "ZA", "NG", "AE", "NP", "TO"])("supports %s, a country on one clock", (c) => {
    expect(quietHoursSupported(c)).toBe(true);
  });

  it.each(["ES", "PT", "NZ", "UA", "EC", "DE"])("supports %s, whose zones are at most an hour apart", (c) => {
    expect(zonesOf(c).length).toBeGreaterThan(1);
    expect(quietHoursSupported(c)).toBe(true);
  });

  it.each(["US", "CA", "BR", "RU", "AU", "MX", "CN", "ID", "CL"])("does not support %s, whose zones are more than an hour apart", (c) => {
    expect(quietHoursSupported(c)).toBe(false);
  });

  it.each(["ZZ", "", "GRC", "G", "1A", "XK", "HM"])("does not support %j (unknown code or no time-zone data)", (c) => {
    expect(quietHoursSupported(c)).toBe(false);
  });

  it("reads codes case- and space-insensitively", () => {
    expect(quietHoursSupported("gr")).toBe(true);
    expect(quietHoursSupported(" es ")).toBe(true);
    expect(timeZoneFor("gb")).toBe("Europe/London");
  });

  it("supports most countries, and exactly those whose zones stay within an hour all year (checked with Intl)", () => {
    expect(supported.length).toBeGreaterThan(200);
    const year = [...Array(24)].map((_, i) => Date.UTC(2025, Math.floor(i / 2), i % 2 ? 25 : 5, 12));
    for (const c of allCountries) {
      const zones = zonesOf(c);
      const spreads = year.map((t) => {
        const offsets = zones.map((z) => offsetMinutes(z, t));
        return Math.max(...offsets) - Math.min(...offsets);
      });
      expect({ c, supported: quietHoursSupported(c) }).toEqual({ c, supported: zones.length > 0 && Math.max(...spreads) <= 60 });
    }
  });
});

describe("timeZoneFor", () => {
  it.each([
    ["GR", "Europe/Athens"],
    ["GB", "Europe/London"],
    ["IN", "Asia/Kolkata"],
    ["DE", "Europe/Berlin"],
    ["UA", "Europe/Kyiv"],
    ["NZ", "Pacific/Auckland"],
    // Westernmost: the Canaries' and the Azores' mornings end Spain's and Portugal's nights.
    ["ES", "Atlantic/Canary"],
    ["PT", "Atlantic/Azores"],
    // Same clock in both zones: the one that also serves the capital (Asia/Kuala_Lumpur).
    ["MY", "Asia/Singapore"],
  ])("%s → %s", (c, zone) => {
    expect(timeZoneFor(c)).toBe(zone);
  });

  it("is null where quiet hours are not supported", () => {
    for (const c of ["US", "RU", "ZZ", "", "XK"]) expect(timeZoneFor(c)).toBeNull();
  });

  it("names, for every supported country, one of its own zones that Intl knows", () => {
    for (const c of supported) {
      const zone = timeZoneFor(c)!;
      expect(zonesOf(c)).toContain(zone);
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
    }
  });
});

describe("quietUntil — one zone (Athens, UTC+3 in summer)", () => {
  it.each([
    ["2025-06-10T22:59:59.999+03:00", null],
    ["2025-06-10T23:00:00+03:00", "2025-06-11T08:00:00+03:00"],
    ["2025-06-10T23:59:59+03:00", "2025-06-11T08:00:00+03:00"],
    ["2025-06-11T00:00:00+03:00", "2025-06-11T08:00:00+03:00"],
    ["2025-06-11T03:17:42.123+03:00", "2025-06-11T08:00:00+03:00"],
    ["2025-06-11T07:59:59.999+03:00", "2025-06-11T08:00:00+03:00"],
    ["2025-06-11T08:00:00+03:00", null],
    ["2025-06-11T11:00:00+03:00", null],
    ["2025-06-11T13:59:59.999+03:00", null],
    ["2025-06-11T14:00:00+03:00", "2025-06-11T17:00:00+03:00"],
    ["2025-06-11T16:59:59.999+03:00", "2025-06-11T17:00:00+03:00"],
    ["2025-06-11T17:00:00+03:00", null],
    ["2025-06-11T20:00:00+03:00", null],
  ])("at %s → %s", (when, end) => {
    expect(until("GR", when)).toBe(end && utc(end));
  });

  it("carries the night over midnight, the month, the year and a leap day", () => {
    expect(until("GR", "2025-12-31T23:30:00+02:00")).toBe(utc("2026-01-01T08:00:00+02:00"));
    expect(until("GR", "2025-04-30T23:00:00+03:00")).toBe(utc("2025-05-01T08:00:00+03:00"));
    expect(until("GR", "2028-02-28T23:30:00+02:00")).toBe(utc("2028-02-29T08:00:00+02:00"));
  });

  it("ends the night at 08:00 summer time when the clocks go forward during it (30 March 2025)", () => {
    expect(until("GR", "2025-03-29T23:30:00+02:00")).toBe(utc("2025-03-30T08:00:00+03:00"));
    expect(until("GR", "2025-03-30T02:59:59+02:00")).toBe(utc("2025-03-30T08:00:00+03:00"));
    expect(until("GR", "2025-03-30T04:00:00+03:00")).toBe(utc("2025-03-30T08:00:00+03:00"));
  });

  it("ends the night at 08:00 winter time when the clocks go back during it, from either pass of the repeated hour", () => {
    expect(until("GR", "2025-10-25T23:30:00+03:00")).toBe(utc("2025-10-26T08:00:00+02:00"));
    expect(until("GR", "2025-10-26T03:30:00+03:00")).toBe(utc("2025-10-26T08:00:00+02:00"));
    expect(until("GR", "2025-10-26T03:30:00+02:00")).toBe(utc("2025-10-26T08:00:00+02:00"));
  });

  it("uses winter time in winter", () => {
    expect(until("GR", "2025-01-15T13:59:00+02:00")).toBeNull();
    expect(until("GR", "2025-01-15T14:00:00+02:00")).toBe(utc("2025-01-15T17:00:00+02:00"));
  });

  it("returns a new Date and leaves the given one alone", () => {
    const d = at("2025-06-10T23:00:00+03:00");
    const r = quietUntil("GR", d);
    expect(d.toISOString()).toBe(utc("2025-06-10T23:00:00+03:00"));
    expect(r).not.toBe(d);
  });
});

describe("quietUntil — other clocks", () => {
  it("follows Egypt's midnight clock changes (forward at 00:00 on 25 April, back at 24:00 on 30 October 2025)", () => {
    expect(until("EG", "2025-04-24T23:30:00+02:00")).toBe(utc("2025-04-25T08:00:00+03:00"));
    expect(until("EG", "2025-10-30T22:59:00+03:00")).toBeNull();
    expect(until("EG", "2025-10-30T23:30:00+03:00")).toBe(utc("2025-10-31T08:00:00+02:00"));
    // The hour 23:00–24:00 of 30 October happens twice; both are quiet.
    expect(until("EG", "2025-10-30T23:30:00+02:00")).toBe(utc("2025-10-31T08:00:00+02:00"));
  });

  it("handles offsets of half and three-quarter hours", () => {
    expect(until("IN", "2025-06-10T22:59:00+05:30")).toBeNull();
    expect(until("IN", "2025-06-10T23:00:00+05:30")).toBe(utc("2025-06-11T08:00:00+05:30"));
    expect(until("NP", "2025-06-10T14:00:00+05:45")).toBe(utc("2025-06-10T17:00:00+05:45"));
    expect(until("NP", "2025-06-10T17:00:00+05:45")).toBeNull();
  });

  it("handles both sides of the date line", () => {
    expect(until("TO", "2025-06-10T23:30:00+13:00")).toBe(utc("2025-06-11T08:00:00+13:00"));
    expect(until("NU", "2025-06-10T07:00:00-11:00")).toBe(utc("2025-06-10T08:00:00-11:00"));
  });

  it("is null for a country it does not support, whatever the hour", () => {
    expect(until("US", "2025-06-10T03:00:00-04:00")).toBeNull();
    expect(until("ZZ", "2025-06-10T03:00:00Z")).toBeNull();
  });

  it("refuses an invalid date", () => {
    expect(() => quietUntil("GR", new Date("nope"))).toThrow(RangeError);
  });
});

describe("quietUntil — countries with several zones: quiet while quiet anywhere, until quiet nowhere", () => {
  it.each([
    // Spain in summer: Madrid UTC+2, the Canaries UTC+1 (Madrid time).
    ["ES", "2025-06-10T22:30:00+02:00", null],
    ["ES", "2025-06-10T23:00:00+02:00", "2025-06-11T09:00:00+02:00"],
    ["ES", "2025-06-11T08:30:00+02:00", "2025-06-11T09:00:00+02:00"],
    ["ES", "2025-06-11T09:00:00+02:00", null],
    ["ES", "2025-06-11T13:30:00+02:00", null],
    ["ES", "2025-06-11T14:00:00+02:00", "2025-06-11T18:00:00+02:00"],
    ["ES", "2025-06-11T17:30:00+02:00", "2025-06-11T18:00:00+02:00"],
    ["ES", "2025-06-11T18:00:00+02:00", null],
    // New Zealand: the Chathams (45 minutes ahead) start the night, Auckland ends it, across the September clock change.
    ["NZ", "2025-06-10T22:14:00+12:00", null],
    ["NZ", "2025-06-10T22:15:00+12:00", "2025-06-11T08:00:00+12:00"],
    ["NZ", "2025-09-27T23:30:00+12:00", "2025-09-28T08:00:00+13:00"],
    // Ukraine in winter: Simferopol's 23:00 is Kyiv's 22:00.
    ["UA", "2025-01-15T21:59:00+02:00", null],
    ["UA", "2025-01-15T22:00:00+02:00", "2025-01-16T08:00:00+02:00"],
  ])("%s at %s → %s", (country, when, end) => {
    expect(until(country, when)).toBe(end && utc(end));
  });
});

describe("quietUntil — properties over every supported country, four years of instants", () => {
  it("is null exactly when no zone is quiet; otherwise ends at 08:00 or 17:00 in timeZoneFor, quiet until then and not after", () => {
    const failures: string[] = [];
    let quiet = 0;
    let checked = 0;
    for (const [i, c] of supported.entries()) {
      const zones = zonesOf(c);
      const tz = timeZoneFor(c)!;
      const anyQuiet = (u: number) => zones.some((z) => quietIn(z, u));
      for (const t of instants(i + 1, 100)) {
        checked++;
        const where = `${c} at ${new Date(t).toISOString()}`;
        const end = quietUntil(c, new Date(t))?.getTime() ?? null;
        if (end === null) {
          if (anyQuiet(t)) failures.push(`${where}: null, but a zone is quiet`);
          continue;
        }
        quiet++;
        const p = parts(tz, end);
        const local = `${p.hour}:${p.minute}:${p.second}`;
        if (local !== "08:00:00" && local !== "17:00:00") failures.push(`${where}: ends at ${local} in ${tz}`);
        if (end <= t) failures.push(`${where}: ends at or before it starts`);
        if (anyQuiet(end)) failures.push(`${where}: still quiet at the end`);
        for (let u = t; u < end; u += 15 * 60_000) if (!anyQuiet(u)) failures.push(`${where}: not quiet at ${new Date(u).toISOString()}`);
        if (!anyQuiet(end - 1000)) failures.push(`${where}: not quiet just before the end`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // Half the day is quiet (12 of 24 hours, a little more with several zones): both outcomes are well sampled.
    expect(quiet / checked).toBeGreaterThan(0.4);
    expect(quiet / checked).toBeLessThan(0.7);
  });
});
