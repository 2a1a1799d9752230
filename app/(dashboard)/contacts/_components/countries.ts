// Countries for pickers: every region libphonenumber knows, named in English by the browser's
// Intl.DisplayNames. (No flag emoji: Windows shows them as two letters.)
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { countryName } from "@/lib/ui/format";

export { countryName };

export interface Country {
  code: string;
  name: string;
  callingCode: string;
}

let cached: Country[] | null = null;

export function countries(): Country[] {
  cached ??= getCountries()
    .map((code: CountryCode) => ({ code, name: countryName(code), callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
