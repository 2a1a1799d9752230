// The bundled SMTP sink: an SMTP server (smtp-server) that accepts every message, parses it
// (mailparser) and keeps it in the database for the dashboard. The embedded default's mail server.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import type { Database } from "../../db/connection.ts";
import { isUuid } from "../../ids.ts";
import { htmlPartOf } from "./mime-html.ts";

export interface SmtpSink {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_SIZE = 25 * 1024 * 1024;

/** Our emails carry Message-ID <emailId@switchboard>. */
export function emailIdOf(messageId: string): string | null {
  const m = /^<?([0-9a-f-]{36})@/i.exec(messageId.trim());
  return m && isUuid(m[1]!) ? m[1]! : null;
}

export async function startSmtpSink(database: Database, options: { port: number; host?: string }): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_SIZE,
    banner: "Switchboard SMTP sink",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        void store(database, raw, session).then(
          () => callback(),
          (e: Error) => callback(e),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Session = { envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] } };

async function store(database: Database, raw: Buffer, session: Session): Promise<void> {
  const parsed = await simpleParser(raw);
  const messageId = parsed.messageId ?? "";
  await database.prisma.smtpSinkMessage.create({
    data: {
      emailId: emailIdOf(messageId),
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
      rcptTo: session.envelope.rcptTo.map((r) => r.address),
      subject: parsed.subject ?? "",
      messageId,
      html: htmlPartOf(raw) ?? (typeof parsed.html === "string" ? parsed.html : ""),
      text: parsed.text ?? "",
      raw: raw.toString("utf8"),
      size: raw.length,
      receivedAt: new Date(),
    },
  });
}

/** Starts the sink on SMTP_SINK_PORT, or on a free port when that one is taken. */
export async function startDefaultSink(database: Database, port: number, warn: (msg: string) => void): Promise<SmtpSink> {
  try {
    return await startSmtpSink(database, { port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    warn(`port ${port} is taken; the SMTP sink listens on a free port instead`);
    return startSmtpSink(database, { port: 0 });
  }
}
