// GET /sms/quietHours/countries/{language}: the countries quiet hours know, and which they support.
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";

export const quietHoursCountry = z.object({
  code: z.string().describe("ISO 3166-1 alpha-2."),
  name: z.string().describe("Name in the requested language."),
  localeName: z.string().describe("Name in the country's own main language."),
  isoA3Code: z.string().describe("ISO 3166-1 alpha-3."),
  supported: z.boolean().describe("Whether respectQuietHours can hold messages to this country."),
});

export const quietHoursCountriesRoute = defineRoute({ tag: "Campaigns", auth: "bearer", scope: "sms" }, "GET /sms/quietHours/countries/{language}", {
  summary: "List the countries and whether quiet hours support them",
  description:
    "language: an ISO 639-1 code (en, de, el…); names are in that language, or in English where no names exist for it. " +
    "Sorted by name. Quiet hours are 23:00–08:00 and 14:00–17:00 at the destination; a country is supported when all " +
    "its time zones are within an hour of each other, and then a message waits until the hours have ended in all of them.",
  params: z.object({ language: z.string() }),
  response: z.array(quietHoursCountry),
  errors: ["languageNotFound"],
});
