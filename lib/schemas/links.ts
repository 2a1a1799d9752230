// Short links in SMS (issue 21): the trackLinks and utm fields of the campaign bodies, and the
// click totals a campaign answers with, and the dashboard's group of a campaign's clickers.
import { z } from "zod";
import { looseBool } from "./sms.ts";
import { groupSizeView } from "./contacts.ts";
import { composerRoute, defineRoute } from "../http/route-spec.ts";
import { idParams } from "./path-segment.ts";

const utmValue = z.string().trim().min(1).max(200);

export const trackLinksFields = {
  trackLinks: looseBool
    .optional()
    .describe(
      "Replace every http(s) link by a short link of the recipient's own ({SHORT_LINK_BASE}/{code}) and count its clicks (default false: it changes the text). Parts and cost are those of the shortened text. callback (the messages' delivery report URL) also receives a signed POST {event: \"click\", messageId, campaignTrackingId, to, from, label, url, date, userAgent, country} for each click.",
    ),
  utm: z
    .object({ source: utmValue.optional(), medium: utmValue.optional(), campaign: utmValue.optional(), term: utmValue.optional(), content: utmValue.optional() })
    .strict()
    .optional()
    .describe("With trackLinks: UTM parameters (utm_source, ...) added to every link's URL; those a URL sets itself are kept."),
};

export const campaignClicksSchema = z
  .object({
    total: z.number().int().describe("Clicks on the campaign's short links (prefetches left out)."),
    uniqueClickers: z.number().int().describe("Recipients who clicked at least once."),
    clickThroughRate: z.number().describe("uniqueClickers / recipients whose message has short links (0 to 1)."),
    prefetches: z.number().int().describe("Link previews and prefetches (messengers, scanners, HEAD): not clicks."),
    links: z.array(z.object({ position: z.number().int(), url: z.string(), clicks: z.number().int(), uniqueClickers: z.number().int() })),
  })
  .describe("Clicks on the campaign's short links (trackLinks); zeros without it.");

export const clickGroupBody = z.object({
  name: z.string().trim().min(1, "Name the group").max(100, "name is at most 100 characters"),
  clicked: z.boolean().describe("true: the recipients who clicked one of its short links; false: those who did not."),
});
export type ClickGroupBody = z.infer<typeof clickGroupBody>;

export const clickGroupRoute = defineRoute(composerRoute, "POST /dashboard/campaigns/{id}/click-groups", {
  summary: "Create a contact group of the campaign's recipients who clicked its links (or who did not)",
  description: "Recipients named by number only become contacts. Answers the new group's name and size.",
  params: idParams,
  body: clickGroupBody,
  response: groupSizeView,
  errors: ["campaignNotFound", "contactOrGroupExists", "validation"],
});
