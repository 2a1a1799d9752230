// The price list a new installation starts with: EUR per SMS part, per destination network.
// Plausible wholesale-plus-margin figures; operators edit them from the command line.
// [iso, mcc, country, [mnc, network, price][]]
type Row = [string, string, string, [string, string, number][]];

export const defaultSmsPrices: Row[] = [
  [
    "GR",
    "202",
    "Greece",
    [
      ["01", "Cosmote", 0.0365],
      ["05", "Vodafone", 0.0365],
      ["10", "Nova", 0.036],
    ],
  ],
  [
    "GB",
    "234",
    "United Kingdom",
    [
      ["10", "O2", 0.032],
      ["15", "Vodafone", 0.032],
      ["30", "EE", 0.031],
      ["20", "Three", 0.031],
    ],
  ],
  [
    "DE",
    "262",
    "Germany",
    [
      ["01", "Telekom", 0.078],
      ["02", "Vodafone", 0.077],
      ["03", "Telefonica O2", 0.075],
    ],
  ],
  [
    "FR",
    "208",
    "France",
    [
      ["01", "Orange", 0.061],
      ["10", "SFR", 0.06],
      ["20", "Bouygues", 0.06],
      ["15", "Free", 0.059],
    ],
  ],
  [
    "IT",
    "222",
    "Italy",
    [
      ["01", "TIM", 0.058],
      ["10", "Vodafone", 0.058],
      ["88", "Wind Tre", 0.057],
    ],
  ],
  [
    "ES",
    "214",
    "Spain",
    [
      ["01", "Vodafone", 0.049],
      ["03", "Orange", 0.048],
      ["07", "Movistar", 0.05],
    ],
  ],
  [
    "NL",
    "204",
    "Netherlands",
    [
      ["04", "Vodafone", 0.085],
      ["08", "KPN", 0.086],
      ["16", "T-Mobile", 0.084],
    ],
  ],
  [
    "BE",
    "206",
    "Belgium",
    [
      ["01", "Proximus", 0.079],
      ["10", "Orange", 0.078],
      ["20", "Base", 0.078],
    ],
  ],
  [
    "PT",
    "268",
    "Portugal",
    [
      ["01", "Vodafone", 0.034],
      ["03", "NOS", 0.034],
      ["06", "MEO", 0.035],
    ],
  ],
  [
    "AT",
    "232",
    "Austria",
    [
      ["01", "A1", 0.069],
      ["03", "Magenta", 0.068],
      ["05", "Drei", 0.068],
    ],
  ],
  [
    "CH",
    "228",
    "Switzerland",
    [
      ["01", "Swisscom", 0.052],
      ["02", "Sunrise", 0.051],
      ["03", "Salt", 0.051],
    ],
  ],
  [
    "SE",
    "240",
    "Sweden",
    [
      ["01", "Telia", 0.045],
      ["07", "Tele2", 0.044],
      ["02", "Tre", 0.044],
    ],
  ],
  [
    "PL",
    "260",
    "Poland",
    [
      ["01", "Plus", 0.029],
      ["02", "T-Mobile", 0.029],
      ["03", "Orange", 0.029],
      ["06", "Play", 0.028],
    ],
  ],
  [
    "RO",
    "226",
    "Romania",
    [
      ["01", "Vodafone", 0.052],
      ["10", "Orange", 0.051],
      ["03", "Telekom", 0.05],
    ],
  ],
  [
    "CY",
    "280",
    "Cyprus",
    [
      ["01", "Cyta", 0.031],
      ["10", "Epic", 0.03],
    ],
  ],
  [
    "IE",
    "272",
    "Ireland",
    [
      ["01", "Vodafone", 0.064],
      ["02", "Three", 0.063],
      ["05", "Eir", 0.063],
    ],
  ],
  [
    "US",
    "310",
    "United States",
    [
      ["260", "T-Mobile", 0.0079],
      ["410", "AT&T", 0.0079],
      ["012", "Verizon", 0.0079],
    ],
  ],
  [
    "CA",
    "302",
    "Canada",
    [
      ["720", "Rogers", 0.0089],
      ["610", "Bell", 0.0089],
      ["220", "Telus", 0.0089],
    ],
  ],
  [
    "BR",
    "724",
    "Brazil",
    [
      ["05", "Claro", 0.024],
      ["06", "Vivo", 0.024],
      ["02", "TIM", 0.023],
    ],
  ],
  [
    "MX",
    "334",
    "Mexico",
    [
      ["020", "Telcel", 0.021],
      ["030", "Movistar", 0.021],
      ["050", "AT&T", 0.021],
    ],
  ],
  [
    "IN",
    "404",
    "India",
    [
      ["10", "Airtel", 0.0041],
      ["20", "Vodafone Idea", 0.0041],
      ["", "Jio", 0.0041],
    ],
  ],
  [
    "AE",
    "424",
    "United Arab Emirates",
    [
      ["02", "Etisalat", 0.041],
      ["03", "du", 0.041],
    ],
  ],
  [
    "ZA",
    "655",
    "South Africa",
    [
      ["01", "Vodacom", 0.019],
      ["10", "MTN", 0.019],
      ["07", "Cell C", 0.019],
    ],
  ],
  [
    "AU",
    "505",
    "Australia",
    [
      ["01", "Telstra", 0.039],
      ["02", "Optus", 0.039],
      ["03", "Vodafone", 0.039],
    ],
  ],
  [
    "TR",
    "286",
    "Turkey",
    [
      ["01", "Turkcell", 0.011],
      ["02", "Vodafone", 0.011],
      ["03", "Turk Telekom", 0.011],
    ],
  ],
];

/** Conversion used only to seed the list in other currencies; prices are edited per currency. */
export const seedRates: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.4, PLN: 4.3 };
