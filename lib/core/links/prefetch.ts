// Who is fetching a short link without a person behind it: link previews of messengers and
// social apps, mail and security scanners, crawlers, and any HEAD request. Their visits are kept
// (as prefetches) but never counted as clicks. Pure.

const previewAgents = new RegExp(
  [
    "facebookexternalhit",
    "facebot",
    "whatsapp",
    "telegrambot",
    "twitterbot",
    "slackbot",
    "slack-imgproxy",
    "discordbot",
    "linkedinbot",
    "skypeuripreview",
    "viber",
    "snapchat",
    "pinterest",
    "redditbot",
    "embedly",
    "iframely",
    "vkshare",
    "applebot",
    "googlebot",
    "google-inspectiontool",
    "googleimageproxy",
    "bingbot",
    "bingpreview",
    "yahoomailproxy",
    "mediapartners",
    "microsoft office",
    "ms-office",
    "outlook",
    "proofpoint",
    "barracuda",
    "mimecast",
    "zgrab",
    "headlesschrome",
    "bot\\b",
    "crawler",
    "spider",
    "preview",
  ].join("|"),
  "i",
);

export function isPrefetch(method: string, userAgent: string): boolean {
  return method.toUpperCase() === "HEAD" || previewAgents.test(userAgent);
}
