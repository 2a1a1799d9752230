import { describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { htmlPartOf } from "./mime-html.ts";
import { emailIdOf } from "./sink.ts";

const build = async (mail: nodemailer.SendMailOptions) => {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return (await t.sendMail({ from: "a@b.example", to: "c@d.example", subject: "s", ...mail })).message as Buffer;
};

describe("the sink's HTML part", () => {
  it("decodes base64 HTML byte for byte, beside a text part and an attachment", async () => {
    const html = "<p>a\r\nb\nc — ✓ 😀</p>\n";
    const raw = await build({ html: { content: html, contentTransferEncoding: "base64" } as never, text: "plain", attachments: [{ filename: "x.html", content: "<b>not this</b>" }] });
    expect(htmlPartOf(raw)).toBe(html);
  });

  it("decodes quoted-printable HTML", async () => {
    const raw = await build({ html: "<p>caf\u00e9 = 100%</p>" });
    expect(htmlPartOf(raw)).toBe("<p>caf\u00e9 = 100%</p>");
  });

  it("finds no HTML in a text-only message, and reads our Message-IDs", async () => {
    expect(htmlPartOf(await build({ text: "hi" }))).toBeNull();
    expect(emailIdOf("<3f1c2a4e-0000-4000-8000-000000000000@switchboard>")).toBe("3f1c2a4e-0000-4000-8000-000000000000");
    expect(emailIdOf("<abc@example.com>")).toBeNull();
  });
});
