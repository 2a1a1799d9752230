// Gives a campaign's recipients their own short links: one reservation of numbers for the whole
// campaign (one statement), codes computed here, and each recipient's sample short links
// replaced, in order, by its own. The texts keep their length, so parts and cost stand.
import type { Ctx } from "../context.ts";
import { linkCodes, reserveLinkNumbers } from "./link-codes.ts";
import { SAMPLE_CODE, shortLink } from "./find-links.ts";

interface LinkedRecipient {
  text: string;
  urls?: string[];
  links?: [string, string][];
}

export async function assignLinkCodes(ctx: Pick<Ctx, "sql" | "config">, recipients: LinkedRecipient[]): Promise<number> {
  const total = recipients.reduce((n, r) => n + (r.urls?.length ?? 0), 0);
  if (total === 0) return 0;
  const first = await reserveLinkNumbers(ctx.sql, total);
  const codes = linkCodes(
    ctx.config.authSecret,
    Array.from({ length: total }, (_, i) => first + i),
  );
  const sample = shortLink(ctx.config.shortLinkBase, SAMPLE_CODE);
  let next = 0;
  for (const r of recipients) {
    if (!r.urls?.length) continue;
    const own = codes.slice(next, next + r.urls.length);
    next += r.urls.length;
    const pieces = r.text.split(sample);
    // Sample links the text holds beyond its URLs (none unless transcoding changed one) stay as they are.
    let text = pieces[0]!;
    for (let i = 1; i < pieces.length; i++) text += (i <= own.length ? shortLink(ctx.config.shortLinkBase, own[i - 1]!) : sample) + pieces[i];
    r.text = text;
    r.links = r.urls.map((url, i) => [own[i]!, url]);
  }
  return total;
}
