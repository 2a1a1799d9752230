import { describe, expect, it } from "vitest";
import { isOptOut } from "./handle-inbound-stop.ts";

describe("isOptOut", () => {
  it.each(["STOP", "stop", " Stop. ", "STOPALL", "Stop all", "UNSUBSCRIBE", "cancel", "End", "quit!", "OPTOUT", "opt-out", "Opt out", "REVOKE", "STOP please", "stop sending me these", "«STOP»"])(
    "treats %j as an opt-out",
    (text) => expect(isOptOut(text)).toBe(true),
  );
  it.each(["", "  ", "Please stop", "don't stop", "START", "UNSTOP", "stopped", "the end is near", "HELP", "cancel my order"])("does not treat %j as an opt-out", (text) =>
    expect(isOptOut(text)).toBe(false),
  );
});
