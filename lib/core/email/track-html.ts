// Open and click tracking written into an email's HTML in place: parse5 gives each anchor's href
// attribute and the </body> tag by their source offsets, and only those spans change, so the
// rest of the document stays byte for byte what the client sent (and with both flags off, the
// whole of it). Pure.
import { parse } from "parse5";

type Node = {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
  sourceCodeLocation?: {
    startOffset: number;
    endOffset: number;
    attrs?: Record<string, { startOffset: number; endOffset: number }>;
    endTag?: { startOffset: number; endOffset: number };
  } | null;
};

export interface TrackedLink {
  position: number;
  url: string;
}

export interface TrackingPlan {
  /** Absolute http(s) links of anchors, in document order. */
  links: TrackedLink[];
  /** Where the pixel goes: before </body>, else before </html>, else at the end. */
  pixelOffset: number;
  hrefSpans: { start: number; end: number; position: number }[];
}

/** Links are tracked when they lead to a web page; mailto:, tel:, #fragments and relative ones stay as they are. */
export const isTrackable = (href: string): boolean => /^https?:\/\/[^\s]+$/i.test(href.trim());

export function planTracking(html: string): TrackingPlan {
  const doc = parse(html, { sourceCodeLocationInfo: true }) as unknown as Node;
  const links: TrackedLink[] = [];
  const hrefSpans: TrackingPlan["hrefSpans"] = [];
  let bodyEnd: number | null = null;
  let htmlEnd: number | null = null;
  const walk = (node: Node) => {
    if (node.tagName === "a") {
      const href = node.attrs?.find((a) => a.name === "href");
      const span = node.sourceCodeLocation?.attrs?.href;
      if (href && span && isTrackable(href.value)) {
        const position = links.length;
        links.push({ position, url: href.value.trim() });
        hrefSpans.push({ start: span.startOffset, end: span.endOffset, position });
      }
    }
    if (node.tagName === "body" && node.sourceCodeLocation?.endTag) bodyEnd = node.sourceCodeLocation.endTag.startOffset;
    if (node.tagName === "html" && node.sourceCodeLocation?.endTag) htmlEnd = node.sourceCodeLocation.endTag.startOffset;
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(doc);
  return { links, hrefSpans, pixelOffset: bodyEnd ?? htmlEnd ?? html.length };
}

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function pixelTag(url: string): string {
  return `<img src="${escapeAttr(url)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
}

/** The HTML with each tracked href replaced by its click URL and, when given, the pixel added. */
export function applyTracking(html: string, plan: TrackingPlan, options: { clickUrl?: (position: number) => string; pixelUrl?: string }): string {
  const edits: { start: number; end: number; text: string }[] = [];
  if (options.clickUrl) for (const s of plan.hrefSpans) edits.push({ start: s.start, end: s.end, text: `href="${escapeAttr(options.clickUrl(s.position))}"` });
  if (options.pixelUrl) edits.push({ start: plan.pixelOffset, end: plan.pixelOffset, text: pixelTag(options.pixelUrl) });
  edits.sort((a, b) => b.start - a.start);
  let out = html;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
