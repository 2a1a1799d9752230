// Which parts of an SMS body are links to shorten, and the body with them replaced. Pure and free
// of node: imports: the API, the campaign build and the composer's preview (in the browser) all
// shorten with it, so the analysis a marketer sees is that of the text the recipient gets.

/** Every short code has this length (link-codes.ts), so any code measures like the real one. */
export const CODE_LENGTH = 8;
/** The code the analysis and the preview show: same length and alphabet as a real one. */
export const SAMPLE_CODE = "aB3dE5fG";

// An http(s) URL runs to the next white space or quote; trailing sentence punctuation is not
// part of it ("See https://x.io/a." links https://x.io/a).
const urlPattern = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const trailing = /[.,;:!?]+$/;

export interface FoundLink {
  start: number;
  end: number;
  url: string;
}

/** The http(s) URLs of a body, in order; anything else (mailto:, www. without a scheme) is left alone. */
export function findLinks(body: string): FoundLink[] {
  const found: FoundLink[] = [];
  for (const m of body.matchAll(urlPattern)) {
    let url = m[0].replace(trailing, "");
    // A closing bracket the URL did not open belongs to the sentence: "(see https://x.io/a)".
    while (unbalancedClose(url)) url = url.slice(0, -1).replace(trailing, "");
    if (!/^https?:\/\/[^/?#\s]+/i.test(url)) continue;
    const start = m.index ?? 0;
    found.push({ start, end: start + url.length, url });
  }
  return found;
}

function unbalancedClose(url: string): boolean {
  const close = url.at(-1);
  if (close !== ")" && close !== "]") return false;
  const open = close === ")" ? "(" : "[";
  let depth = 0;
  for (const ch of url) depth += ch === open ? 1 : ch === close ? -1 : 0;
  return depth < 0;
}

/** The body with its i-th link replaced by `shortUrl(i, url)`, and the links' URLs in order. */
export function shortenLinks(body: string, shortUrl: (i: number, url: string) => string): { text: string; urls: string[] } {
  const links = findLinks(body);
  if (links.length === 0) return { text: body, urls: [] };
  let text = "";
  let at = 0;
  for (const [i, l] of links.entries()) {
    text += body.slice(at, l.start) + shortUrl(i, l.url);
    at = l.end;
  }
  return { text: text + body.slice(at), urls: links.map((l) => l.url) };
}

/** A short link: the base (SHORT_LINK_BASE, no trailing slash) and the code. */
export const shortLink = (base: string, code: string) => `${base}/${code}`;

/** The body as the analysis and the preview measure it: every link replaced by a sample short link. */
export function withSampleLinks(body: string, base: string): string {
  return shortenLinks(body, () => shortLink(base, SAMPLE_CODE)).text;
}

export interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/** The URL with the campaign's UTM parameters added (those the URL sets itself are kept). */
export function withUtm(url: string, utm: Utm | null | undefined): string {
  if (!utm) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const [k, v] of Object.entries(utm)) {
    if (typeof v !== "string" || !v || parsed.searchParams.has(`utm_${k}`)) continue;
    parsed.searchParams.append(`utm_${k}`, v);
    changed = true;
  }
  return changed ? parsed.toString() : url;
}
