import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATE, fillTemplate } from "./template.ts";

describe("fillTemplate", () => {
  it("uses the default template when none is given", () => {
    expect(fillTemplate(undefined)).toBe(DEFAULT_TEMPLATE);
  });

  it("fills every @@name from arguments and leaves @@pin for the code", () => {
    expect(fillTemplate("Hi @@name, your @@service code is @@pin. @@name!", { name: "Maria", service: "Acme" })).toBe("Hi Maria, your Acme code is @@pin. Maria!");
  });

  it("prefers the longer of two names that share a start", () => {
    expect(fillTemplate("@@names and @@name", { name: "a", names: "b" })).toBe("b and a");
  });

  it("never lets an argument stand in for the code", () => {
    expect(fillTemplate("Code @@pin", { pin: "1234" })).toBe("Code @@pin");
    expect(fillTemplate("Hi @@who, @@pin", { who: "@@pin" })).toBe("Hi , @@pin");
  });

  it("leaves placeholders without an argument as they are", () => {
    expect(fillTemplate("Hi @@who, @@pin", {})).toBe("Hi @@who, @@pin");
  });
});
