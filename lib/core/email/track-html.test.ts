import { describe, expect, it } from "vitest";
import { applyTracking, planTracking } from "./track-html.ts";

const click = (p: number) => `https://sb.test/t/c/link-${p}`;

describe("email tracking rewrite", () => {
  it("rewrites every web link and adds one pixel before </body>, leaving the rest as it was", () => {
    const html = `<!doctype html>\r\n<html><body>\n<p>Hi &amp; welcome — ✓ 😀</p>\n<a class=x href="https://a.example/?q=1&amp;r=2">A</a>\n<A HREF='http://b.example/'>B</A>\n<a href=https://c.example>C</a>\n<a href="mailto:x@y.z">mail</a><a href="#top">top</a>\n</body></html>\n`;
    const plan = planTracking(html);
    expect(plan.links.map((l) => l.url)).toEqual(["https://a.example/?q=1&r=2", "http://b.example/", "https://c.example"]);
    const out = applyTracking(html, plan, { clickUrl: click, pixelUrl: "https://sb.test/t/o/e1" });
    expect(out).toContain(`<a class=x href="https://sb.test/t/c/link-0">A</a>`);
    expect(out).toContain(`<A href="https://sb.test/t/c/link-1">B</A>`);
    expect(out).toContain(`<a href="https://sb.test/t/c/link-2">C</a>`);
    expect(out).toContain(`<a href="mailto:x@y.z">mail</a><a href="#top">top</a>`);
    expect(out.match(/<img /g)).toHaveLength(1);
    expect(out.indexOf("/t/o/e1")).toBeLessThan(out.indexOf("</body>"));
    expect(out.startsWith(`<!doctype html>\r\n<html><body>\n<p>Hi &amp; welcome — ✓ 😀</p>\n<a class=x `)).toBe(true);
    expect(out.endsWith(`</body></html>\n`)).toBe(true);
  });

  it("changes nothing when neither clicks nor opens are tracked", () => {
    const html = `<div>\r\n<a href="https://x.example">x</a> ünïcödé\t</div>`;
    expect(applyTracking(html, planTracking(html), {})).toBe(html);
  });

  it("puts the pixel at the end of a fragment without <body>", () => {
    const html = `<p><a href="https://x.example">x</a></p>`;
    const out = applyTracking(html, planTracking(html), { pixelUrl: "https://sb.test/t/o/e2" });
    expect(out.startsWith(html)).toBe(true);
    expect(out).toContain("/t/o/e2");
  });
});
