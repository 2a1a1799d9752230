import { describe, expect, it } from "vitest";
import { normalizeFallbackValues, personalize, placeholdersIn } from "./personalize.ts";

describe("personalize", () => {
  it("fills labels from the contact, then the fallback, else leaves them empty", () => {
    const body = "Hi [~firstName] [~lastName], your code in [~city] is [~code].";
    expect(personalize(body, { firstName: "Ada", city: "" }, { city: "Athens", lastName: "L" })).toBe("Hi Ada L, your code in Athens is .");
  });
  it("keeps text that only looks like a placeholder", () => {
    expect(personalize("[~] and [firstName] and [~first\nName]", { firstName: "X" })).toBe("[~] and [firstName] and [~first\nName]");
  });
  it("lists the labels a body uses once each", () => {
    expect(placeholdersIn("[~a] [~b] [~a] [~ c ]")).toEqual(["a", "b", "c"]);
  });
  it("accepts the three forms of fallbackValues", () => {
    const expected = { firstName: "friend", n: "5" };
    expect(normalizeFallbackValues({ firstName: "friend", n: 5 })).toEqual(expected);
    expect(
      normalizeFallbackValues([
        { name: "firstName", value: "friend" },
        { name: "n", value: 5 },
      ]),
    ).toEqual(expected);
    expect(normalizeFallbackValues(["firstName=friend", "n=5", "broken"])).toEqual(expected);
    expect(normalizeFallbackValues("nonsense")).toEqual({});
    expect(normalizeFallbackValues(null)).toEqual({});
  });
  it("keeps '=' inside a value", () => {
    expect(normalizeFallbackValues(["link=a=b"])).toEqual({ link: "a=b" });
  });
});
