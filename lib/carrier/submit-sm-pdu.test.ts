import smpp from "smpp";
import { describe, expect, it } from "vitest";
import { buildSubmitSm } from "./build-submit-sm.ts";
import { EncodedSubmitSm, encodeSubmitSmBody, smppParams } from "./submit-sm-pdu.ts";
import type { SubmitPart } from "../core/ports/carrier.ts";

const part = (over: Partial<SubmitPart> = {}): SubmitPart => ({
  partId: "0b9e6f8e-5c1d-4a44-9d55-2f0a3c1b7e10",
  from: "Switchboard",
  to: "+306912345678",
  text: "Spring sale: 20% off everything until Sunday.",
  encoding: "gsm7",
  flash: false,
  validityMinutes: 4320,
  ...over,
});

describe("EncodedSubmitSm", () => {
  it("encodes every kind of part byte for byte as the smpp package does", () => {
    const parts = [
      part(),
      part({ from: "+306900000000", to: "441234567890" }),
      part({ encoding: "ucs2", text: "Καλημέρα σας", flash: true }),
      part({ concat: { ref: 201, total: 3, seq: 2 }, text: "y".repeat(153) }),
      part({ text: "x".repeat(300), validityMinutes: 1 }),
      part({ encoding: "ucs2", text: "日本語".repeat(60), validityMinutes: 60 * 24 * 400 }),
    ];
    for (const [i, p] of parts.entries()) {
      const built = buildSubmitSm(p);
      if (!built.ok) throw new Error(`part ${i} was not built`);
      const ours = new EncodedSubmitSm(encodeSubmitSmBody(built.params));
      ours.sequence_number = 1000 + i;
      const theirs = new smpp.PDU("submit_sm", { ...smppParams(built.params), sequence_number: 1000 + i });
      expect(ours.toBuffer().toString("hex")).toBe(theirs.toBuffer().toString("hex"));
      // And the package reads it back as the same submit_sm.
      const read = new smpp.PDU(ours.toBuffer());
      expect(read).toMatchObject({ command: "submit_sm", sequence_number: 1000 + i, destination_addr: built.params.destination_addr, source_addr: built.params.source_addr });
    }
  });
});
