// Email: transactional emails with their HTML as sent, opens and clicks over time, a test
// email (owners and marketers), and the mail the bundled SMTP sink captured.
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { composerRoles } from "@/lib/core/users/roles";
import { env } from "@/lib/env";
import { EmailView } from "./_components/email-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Email" };

export default async function EmailPage() {
  const me = await currentUser("/email");
  return <EmailView canSend={(composerRoles as readonly string[]).includes(me.role)} usesSink={!env().SMTP_URL} />;
}
