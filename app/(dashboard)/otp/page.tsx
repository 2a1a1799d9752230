// OTP: the account's failover flows with their state, one flow as a timeline of its steps
// across channels, and a form to start a test flow (owners and marketers).
import type { Metadata } from "next";
import { currentUser } from "../_lib/current-user";
import { composerRoles } from "@/lib/core/users/roles";
import { OtpView } from "./_components/otp-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "OTP" };

export default async function OtpPage() {
  const me = await currentUser("/otp");
  return <OtpView canStart={(composerRoles as readonly string[]).includes(me.role)} />;
}
