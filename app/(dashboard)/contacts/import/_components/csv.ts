// The import's file handling, in the browser: parse a CSV with Papa Parse (quotes, separators and
// line endings detected), guess what each column holds, turn records into contact objects, and
// write the report of skipped rows back to CSV.
import Papa from "papaparse";
import { parseMobile } from "@/lib/core/contacts/normalize-contact-input";

export interface ParsedFile {
  name: string;
  size: number;
  /** Every record of the file, the header line included, as text cells. */
  records: string[][];
  /** Problems the parser met (unbalanced quotes…), for the upload step to show. */
  warnings: string[];
}

/** Parses the whole file; tens of thousands of rows take well under a second. */
export function parseCsvFile(file: File): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: false,
      complete: (result) => {
        const warnings = result.errors.slice(0, 5).map((e) => (e.row !== undefined ? `Row ${e.row + 1}: ${e.message}` : e.message));
        if (result.errors.length > 5) warnings.push(`…and ${result.errors.length - 5} more problems`);
        // A file ending in a newline yields one empty record after the last line.
        const records = result.data.filter((r, i) => !(i === result.data.length - 1 && r.length === 1 && r[0] === ""));
        resolve({ name: file.name, size: file.size, records, warnings });
      },
      error: (err) => reject(err),
    });
  });
}

export interface DataRow {
  /** The record's number in the file as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: string[];
}

/** The records after the header, without blank ones; how many blank ones were left out. */
export function dataRows(records: string[][], hasHeader: boolean): { rows: DataRow[]; blank: number } {
  const rows: DataRow[] = [];
  let blank = 0;
  records.forEach((cells, i) => {
    if (hasHeader && i === 0) return;
    if (cells.every((c) => c.trim() === "")) blank++;
    else rows.push({ row: i + 1, cells });
  });
  return { rows, blank };
}

export type FieldTarget = "mobile" | "firstName" | "lastName" | "email" | "country" | "vip";
/** What a column becomes: a contact field, an existing custom label, a new Text label, or nothing. */
export type Target = "ignore" | FieldTarget | `label:${string}` | `new:${string}`;

export const fieldTargets: { value: FieldTarget; label: string }[] = [
  { value: "mobile", label: "Mobile" },
  { value: "firstName", label: "First name" },
  { value: "lastName", label: "Last name" },
  { value: "email", label: "Email" },
  { value: "country", label: "Country (2-letter code)" },
  { value: "vip", label: "VIP (yes/no)" },
];

const synonyms: Record<FieldTarget, string[]> = {
  mobile: ["mobile", "mobilenumber", "mobilephone", "phone", "phonenumber", "cell", "cellphone", "msisdn", "number", "tel", "telephone", "gsm", "whatsapp", "contactnumber"],
  firstName: ["firstname", "first", "givenname", "forename", "name", "fname"],
  lastName: ["lastname", "last", "surname", "familyname", "lname"],
  email: ["email", "emailaddress", "mail", "e-mail"],
  country: ["country", "countrycode", "iso", "nationality"],
  vip: ["vip", "isvip"],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A guess per column from its header and, for the mobile, from what its cells look like. */
export function guessMapping(headers: string[], samples: string[][], customLabels: string[]): Target[] {
  const taken = new Set<Target>();
  const out: Target[] = headers.map((h) => {
    const key = squash(h);
    if (!key) return "ignore";
    const label = customLabels.find((l) => squash(l) === key);
    if (label) return take(`label:${label}`);
    for (const [field, words] of Object.entries(synonyms) as [FieldTarget, string[]][]) if (words.includes(key) && !taken.has(field)) return take(field);
    return "ignore";
  });
  function take(t: Target): Target {
    taken.add(t);
    return t;
  }
  if (!taken.has("mobile")) {
    // No header says so: the column whose cells mostly read as phone numbers.
    let best = -1;
    let bestScore = 0;
    headers.forEach((_, i) => {
      if (out[i] !== "ignore") return;
      const cells = samples.map((r) => r[i] ?? "").filter((c) => c.trim());
      const score = cells.filter((c) => /^[+\d][\d\s().-]{5,}$/.test(c.trim()) && (parseMobile(c) || c.replace(/\D/g, "").length >= 8)).length / Math.max(1, cells.length);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    if (best >= 0 && bestScore >= 0.6) out[best] = "mobile";
  }
  return out;
}

/** Whether the first record looks like column names rather than a contact. */
export function looksLikeHeader(first: string[] | undefined): boolean {
  if (!first) return false;
  return !first.some((c) => /^[+\d][\d\s().-]{5,}$/.test(c.trim()) || /@/.test(c));
}

/** A record as the import endpoint takes it. Empty cells are left out: they change nothing. */
export function toContact(cells: string[], mapping: Target[]): Record<string, unknown> {
  const contact: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  mapping.forEach((t, i) => {
    const v = (cells[i] ?? "").trim();
    if (t === "ignore" || v === "") return;
    if (t.startsWith("label:") || t.startsWith("new:")) labels[t.slice(t.indexOf(":") + 1)] = v;
    else contact[t] = v;
  });
  if (Object.keys(labels).length) contact.labels = labels;
  return contact;
}

/** A label name made from a column header (letters, digits, spaces, _ and -; starting with a letter). */
export function labelNameFrom(header: string): string {
  const name = header
    .trim()
    .replace(/[^\w -]/g, "")
    .replace(/^[^A-Za-z]+/, "")
    .slice(0, 64)
    .trim();
  return name || "field";
}

export function reportCsv(rows: { row: number; value: string; reason: string }[]): string {
  return Papa.unparse({ fields: ["row", "value", "reason"], data: rows.map((r) => [r.row, r.value, r.reason]) });
}

export const sampleCsv = [
  "mobile,firstName,lastName,email,country",
  "+306912345678,Maria,Papadopoulou,maria@example.gr,GR",
  "+447400123456,John,Smith,john@example.co.uk,GB",
  "6912345679,Nikos,,nikos@example.gr,GR",
].join("\n");

/** Starts a download of text as a file. */
export function download(name: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
