// A flow's state and a step's status as badges; the tones mean what they mean everywhere.
import { Badge, StatusBadge, type BadgeTone } from "@/components/ui/badge";

const flowTones: Record<string, BadgeTone> = { InProgress: "info", Succeeded: "success", Failed: "danger" };
const flowWords: Record<string, string> = { InProgress: "In progress", Succeeded: "Succeeded", Failed: "Failed" };

export function FlowStatus({ status }: { status: string }) {
  return (
    <Badge tone={flowTones[status] ?? "neutral"} dot>
      {flowWords[status] ?? status}
    </Badge>
  );
}

export function StepStatus({ status }: { status: string }) {
  return <StatusBadge status={status} />;
}

export function ChannelBadge({ channel }: { channel: string }) {
  return <Badge tone={channel === "viber" ? "accent" : "neutral"}>{channel === "viber" ? "Viber" : "SMS"}</Badge>;
}

const twoStepTones: Record<string, BadgeTone> = { Pending: "info", Verified: "success", Failed: "danger", Expired: "warning", Cancelled: "neutral" };

/** A flow started by POST /2step: its verification's status. */
export function TwoStepBadge({ status }: { status: string }) {
  return <Badge tone={twoStepTones[status] ?? "neutral"}>2Step · {status}</Badge>;
}
