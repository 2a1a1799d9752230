// A single message's links shortened (POST /sms with trackLinks): its numbers reserved in one
// statement, the body with its own short links, and the rows to write with the message.
import type { Ctx } from "../context.ts";
import { findLinks, shortenLinks, shortLink } from "./find-links.ts";
import { linkCodes, reserveLinkNumbers } from "./link-codes.ts";

export async function shortenMessage(ctx: Pick<Ctx, "sql" | "config">, body: string): Promise<{ text: string; links: [string, string][] }> {
  const found = findLinks(body);
  if (found.length === 0) return { text: body, links: [] };
  const first = await reserveLinkNumbers(ctx.sql, found.length);
  const codes = linkCodes(
    ctx.config.authSecret,
    found.map((_, i) => first + i),
  );
  const { text, urls } = shortenLinks(body, (i) => shortLink(ctx.config.shortLinkBase, codes[i]!));
  return { text, links: urls.map((url, i) => [codes[i]!, url]) };
}
