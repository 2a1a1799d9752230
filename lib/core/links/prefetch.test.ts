import { describe, expect, it } from "vitest";
import { isPrefetch } from "./prefetch.ts";

describe("isPrefetch", () => {
  it.each([
    ["WhatsApp/2.24.6.77 A"],
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
    ["Mozilla/5.0 (Macintosh) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"],
    ["TelegramBot (like TwitterBot)"],
    ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    ["Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"],
    ["Viber/21.3"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ])("counts a preview by %s apart", (ua) => expect(isPrefetch("GET", ua)).toBe(true));

  it("counts a HEAD request apart, and a phone's browser as a click", () => {
    expect(isPrefetch("HEAD", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148")).toBe(true);
    expect(isPrefetch("GET", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1")).toBe(false);
    expect(isPrefetch("GET", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36")).toBe(false);
  });
});
