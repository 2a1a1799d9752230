// One message: its status live, parts, timeline and callbacks. Support users look; owners and
// marketers may also resend callbacks.
import type { Metadata } from "next";
import { currentUser } from "../../_lib/current-user";
import { MessageView } from "../_components/message-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Message" };

export default async function MessagePage({ params }: { params: Promise<{ trackingId: string }> }) {
  const { trackingId } = await params;
  const me = await currentUser(`/messages/${encodeURIComponent(trackingId)}`);
  return <MessageView trackingId={trackingId} canResend={me.role !== "support"} />;
}
