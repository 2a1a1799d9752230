// The country list of GET /sms/quietHours/countries/{language}: every country of the
// countries-list package (ISO 3166-1 codes, alpha-3, languages), named by Intl.DisplayNames in
// the requested language and in the country's own main language, with whether quiet hours
// support it. Sorted by name in that language's collation, and built once per language: it
// changes only with a new release of the data.
import { getCountryDataList, languages } from "countries-list";
import { fail } from "../errors.ts";
import { quietHoursSupported } from "./quiet-hours.ts";

export interface QuietHoursCountry {
  code: string;
  name: string;
  localeName: string;
  isoA3Code: string;
  supported: boolean;
}

const cache = new Map<string, QuietHoursCountry[]>();

/** A known ISO 639-1 code, in any letter case. */
export function isLanguageCode(value: string): boolean {
  return /^[a-z]{2}$/i.test(value) && Object.hasOwn(languages, value.toLowerCase());
}

/**
 * The list in `language` (ISO 639-1). A code Intl has no names for (e.g. "ab") gets English
 * names; anything that is not an ISO 639-1 code is a 404.
 */
export function listQuietHoursCountries(language: string): QuietHoursCountry[] {
  if (!isLanguageCode(language))
    fail("languageNotFound", {
      message: `Unknown language ${JSON.stringify(language.slice(0, 40))}: use an ISO 639-1 code such as en, de or el.`,
      entity: "language",
      value: language.slice(0, 40),
    });
  const lang = language.toLowerCase();
  let list = cache.get(lang);
  if (!list) {
    list = build(lang);
    cache.set(lang, list);
  }
  return list;
}

function build(lang: string): QuietHoursCountry[] {
  const names = new Intl.DisplayNames([lang, "en"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator([lang, "en"]);
  return getCountryDataList()
    .map((c) => ({
      code: c.iso2,
      name: names.of(c.iso2) ?? c.name,
      localeName: nativeName(c.iso2, c.languages[0], c.native),
      isoA3Code: c.iso3,
      supported: quietHoursSupported(c.iso2),
    }))
    .sort((a, b) => collator.compare(a.name, b.name) || (a.code < b.code ? -1 : 1));
}

/** The country's name in its main language; the package's native name where Intl has none. */
function nativeName(code: string, mainLanguage: string | undefined, native: string): string {
  if (!mainLanguage || Intl.DisplayNames.supportedLocalesOf([mainLanguage]).length === 0) return native;
  return new Intl.DisplayNames([`${mainLanguage}-${code}`, mainLanguage], { type: "region", fallback: "none" }).of(code) ?? native;
}
