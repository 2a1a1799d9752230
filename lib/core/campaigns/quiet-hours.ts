// Quiet hours: the spec's default windows, 23:00–08:00 and 14:00–17:00 destination local time.
// A message that would arrive inside one waits until the window ends.
//
// Where the time zones come from: the countries-and-timezones package (IANA's zone1970 data)
// lists the zones used in each country; Intl computes every offset, so DST and new rules follow
// the runtime's tzdata. Nothing here is a hand-typed table.
//
// Countries with several zones: a destination number tells the country, not the zone. A country
// is supported only when all its zones' UTC offsets lie within an hour of each other, both in
// standard time and in summer time (Spain with the Canaries, Portugal with the Azores, Ukraine,
// New Zealand with the Chathams are; the US, Canada, Brazil, Russia, Australia, Mexico, China,
// Indonesia are not, nor is a country with no zone data). For a supported country a moment is
// quiet when it is quiet in ANY of its zones, and the window ends when it has ended in all of
// them: nobody in the country gets a message in their local quiet hours. So the end is always
// 08:00 or 17:00 in the country's westernmost zone, which is what timeZoneFor() returns (ties,
// zones with the same clock, go to the capital's zone, then to a zone of the country's own).
import ct from "countries-and-timezones";
import { countries } from "countries-list";

const WINDOWS = [
  { from: 23, to: 8 },
  { from: 14, to: 17 },
] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface CountryZones {
  /** Westernmost first: the zone whose 08:00/17:00 ends the country's windows. */
  zones: string[];
  /** The latest answer: a campaign asks for many recipients at the same instant. */
  last?: { at: number; until: number | null };
}

const cache = new Map<string, CountryZones | null>();

/** Whether quiet hours can be applied to numbers of this country (ISO 3166-1 alpha-2). */
export function quietHoursSupported(country: string): boolean {
  return zonesOf(country) !== null;
}

/** The IANA zone in whose local time the country's quiet windows end; null when unsupported. */
export function timeZoneFor(country: string): string | null {
  return zonesOf(country)?.zones[0] ?? null;
}

/**
 * When `at` lies in the country's quiet hours, the instant they end (08:00 or 17:00 local);
 * otherwise null. Null too for a country quiet hours do not support.
 */
export function quietUntil(country: string, at: Date): Date | null {
  const info = zonesOf(country);
  if (!info) return null;
  const t = at.getTime();
  if (!Number.isFinite(t)) throw new RangeError("quietUntil: invalid date");
  if (info.last?.at !== t) info.last = { at: t, until: chainedEnd(info.zones, t) };
  return info.last.until === null ? null : new Date(info.last.until);
}

function chainedEnd(zones: string[], t: number): number | null {
  let until: number | null = null;
  // One zone's window can end while another's (an hour away) has just begun: follow the chain
  // until no zone is quiet. With zones at most an hour apart it takes two steps at most.
  for (let step = 0; step < 4; step++) {
    let next: number | null = null;
    for (const zone of zones) {
      const end = windowEnd(zone, t);
      if (end !== null && (next === null || end > next)) next = end;
    }
    if (next === null) break;
    until = t = next;
  }
  return until;
}

function zonesOf(country: string): CountryZones | null {
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (!cache.has(code)) cache.set(code, loadZones(code));
  return cache.get(code) ?? null;
}

function loadZones(code: string): CountryZones | null {
  const zones = (ct.getCountry(code)?.timezones ?? []).map((name) => ct.getTimezone(name)).filter((z) => z !== null);
  if (zones.length === 0 || !zones.every((z) => isKnownToIntl(z.name))) return null;
  const spread = (pick: (z: (typeof zones)[number]) => number) => Math.max(...zones.map(pick)) - Math.min(...zones.map(pick));
  if (spread((z) => z.utcOffset) > 60 || spread((z) => z.dstOffset) > 60) return null;
  const capital = (countries as Record<string, { capital?: string }>)[code]?.capital?.replace(/ /g, "_").toLowerCase();
  const namesOf = (zone: string) => [zone, ...aliasesOf(zone)].map((n) => n.split("/").pop()!.toLowerCase());
  const rank = (z: (typeof zones)[number]) => [z.utcOffset, z.dstOffset, capital && namesOf(z.name).includes(capital) ? 0 : 1, z.countries[0] === code ? 0 : 1];
  const sorted = [...zones].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return a.name < b.name ? -1 : 1;
  });
  return { zones: sorted.map((z) => z.name) };
}

let aliases: Map<string, string[]> | null = null;
function aliasesOf(zone: string): string[] {
  if (!aliases) {
    aliases = new Map();
    for (const z of Object.values(ct.getAllTimezones({ deprecated: true }))) if (z.aliasOf) aliases.set(z.aliasOf, [...(aliases.get(z.aliasOf) ?? []), z.name]);
  }
  return aliases.get(zone) ?? [];
}

function isKnownToIntl(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

// Intl tells the offset as text ("GMT+05:45", or "GMT" for zero); format() is several times
// cheaper than formatToParts(), which counts when a campaign asks for every recipient.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's UTC offset at instant `t`, in milliseconds. */
function offsetAt(zone: string, t: number): number {
  const m = /GMT(?:([+\-\u2212])(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(formatter(zone).format(t));
  if (!m) throw new Error(`quiet hours: unreadable offset for ${zone}`);
  if (!m[1]) return 0;
  const ms = ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === "+" ? ms : -ms;
}

/** The local wall-clock time at instant `t`, as if it were a UTC timestamp. */
const wallClock = (zone: string, t: number) => t + offsetAt(zone, t);

/** If `t` is in one of `zone`'s quiet windows, the instant that window ends; else null. */
function windowEnd(zone: string, t: number): number | null {
  const wall = wallClock(zone, t);
  const hour = new Date(wall).getUTCHours();
  const midnight = wall - (((wall % DAY) + DAY) % DAY);
  for (const w of WINDOWS) {
    if (w.from < w.to ? hour >= w.from && hour < w.to : hour >= w.from || hour < w.to) {
      const endDay = w.from > w.to && hour >= w.from ? midnight + DAY : midnight;
      return instantOf(zone, endDay + w.to * HOUR);
    }
  }
  return null;
}

/**
 * The instant at which `zone`'s wall clock reads `wall`: the earlier one if a fall-back repeats
 * that time. Should a spring-forward ever skip it (no zone has moved its clocks at 08:00 or
 * 17:00 since 1980), the later candidate: still at or after the window's end, never before.
 */
const instants = new Map<string, number>();
function instantOf(zone: string, wall: number): number {
  const key = `${zone} ${wall}`;
  let t = instants.get(key);
  if (t === undefined) {
    if (instants.size >= 10_000) instants.clear();
    t = firstInstantAt(zone, wall);
    instants.set(key, t);
  }
  return t;
}

function firstInstantAt(zone: string, wall: number): number {
  const candidates = [...new Set([offsetAt(zone, wall - DAY), offsetAt(zone, wall + DAY)])].map((o) => wall - o);
  const exact = candidates.filter((t) => wallClock(zone, t) === wall);
  return exact.length ? Math.min(...exact) : Math.max(...candidates);
}
