import { describe, expect, it } from "vitest";
import { deriveMessageStatus, isFinal, receiptStatus } from "./statuses.ts";

describe("receipt statuses", () => {
  it.each([
    ["DELIVRD", "000", "Delivered", "Delivered"],
    ["UNDELIV", "001", "Undelivered", "Unknown Number"],
    ["UNDELIV", "2", "Undelivered", "Roaming"],
    ["UNDELIV", "008", "Undelivered", "Roaming"],
    ["UNDELIV", "013", "Undelivered", "Call Barred"],
    ["UNDELIV", "099", "Undelivered", "Undelivered"],
    ["EXPIRED", "000", "Undelivered", "Expired"],
    ["REJECTD", "011", "Failed", "Carrier Violation"],
    ["UNKNOWN", "000", "Undelivered", "Unknown Status"],
    ["delivrd", "0", "Delivered", "Delivered"],
  ])("%s err %s is %s / %s", (stat, err, status, detailed) => {
    expect(receiptStatus(stat, err)).toMatchObject({ status, detailedStatus: detailed });
  });
});

describe("message status from parts", () => {
  it.each([
    [["Queued", "Queued"], "Queued"],
    [["Sent", "Queued"], "Sent"],
    [["Delivered", "Sent"], "Sent"],
    [["Delivered", "Delivered"], "Delivered"],
    [["Delivered", "Undelivered"], "Undelivered"],
    [["Failed", "Failed"], "Failed"],
    [["Failed", "Delivered"], "Undelivered"],
    [["Unsent"], "Unsent"],
    [["Unsent", "Failed"], "Failed"],
  ])("%j → %s", (parts, expected) => {
    expect(deriveMessageStatus(parts)).toBe(expected);
  });

  it("knows which statuses are final", () => {
    expect(["Queued", "Sent"].map(isFinal)).toEqual([false, false]);
    expect(["Delivered", "Undelivered", "Failed", "Unsent"].every(isFinal)).toBe(true);
  });
});
