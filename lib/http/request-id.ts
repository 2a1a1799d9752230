// The id an API answer carries in X-Request-Id and its log line in requestId: the trace's id when
// tracing is on (so support can find the trace from a quoted id), else the caller's X-Request-Id
// (64 characters at most), else a new UUID.
import crypto from "node:crypto";
import { activeTraceId } from "../trace/tracing.ts";

export function requestIdFor(req: Request): string {
  return activeTraceId() ?? (req.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID());
}
