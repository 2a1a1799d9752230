import { describe, expect, it } from "vitest";
import { withNodeFlags } from "./node-flags.ts";

describe("withNodeFlags", () => {
  it("adds the server's V8 flags to NODE_OPTIONS, keeping what the user set", () => {
    expect(withNodeFlags(undefined)).toBe("--max-semi-space-size=64");
    expect(withNodeFlags(" --enable-source-maps ")).toBe("--enable-source-maps --max-semi-space-size=64");
    expect(withNodeFlags("--max-semi-space-size=16")).toBe("--max-semi-space-size=16");
  });
});
