import { describe, expect, it } from "vitest";
import { findLinks, shortenLinks, withSampleLinks, withUtm, SAMPLE_CODE, CODE_LENGTH } from "./find-links.ts";
import { analyzeBody } from "../sms/analyze-body.ts";

const urls = (body: string) => findLinks(body).map((l) => l.url);

describe("findLinks", () => {
  it("finds http and https URLs, in order", () => {
    expect(urls("Sale https://shop.example/a?x=1&y=2 and http://b.example/c#top now")).toEqual(["https://shop.example/a?x=1&y=2", "http://b.example/c#top"]);
  });

  it("leaves sentence punctuation and an unopened bracket out of the URL", () => {
    expect(urls("See https://x.io/a. Or (https://x.io/b), or https://x.io/wiki/A_(b)!")).toEqual(["https://x.io/a", "https://x.io/b", "https://x.io/wiki/A_(b)"]);
  });

  it("leaves anything that is not http(s) alone", () => {
    expect(urls("mail mailto:a@b.c, ftp://files.example/x, www.example.com, tel:+30691, https:// nothing")).toEqual([]);
  });
});

describe("shortenLinks", () => {
  it("replaces each link and keeps the rest byte for byte", () => {
    const r = shortenLinks("A https://a.example/1 B https://b.example/2.", (i) => `S${i}`);
    expect(r).toEqual({ text: "A S0 B S1.", urls: ["https://a.example/1", "https://b.example/2"] });
  });

  it("changes nothing in a body without links", () => {
    expect(shortenLinks("Hello 👋", () => "x")).toEqual({ text: "Hello 👋", urls: [] });
  });

  it("measures a long URL as its short link: one part instead of two", () => {
    const body = `Spring sale! Everything 30% off this weekend: https://shop.example/campaigns/spring-2026/landing?utm_source=newsletter&utm_medium=sms&ref=abcdef0123456789&campaign=spring-weekend-2026-athens-thessaloniki`;
    expect(analyzeBody(body).parts).toBe(2);
    const short = withSampleLinks(body, "https://sb.example/l");
    expect(short).toContain(`https://sb.example/l/${SAMPLE_CODE}`);
    expect(SAMPLE_CODE).toHaveLength(CODE_LENGTH);
    expect(analyzeBody(short).parts).toBe(1);
  });
});

describe("withUtm", () => {
  it("adds the campaign's parameters and keeps those the URL sets", () => {
    expect(withUtm("https://x.io/a?utm_source=mine", { source: "sms", medium: "text" })).toBe("https://x.io/a?utm_source=mine&utm_medium=text");
    expect(withUtm("https://x.io/a", null)).toBe("https://x.io/a");
  });
});
