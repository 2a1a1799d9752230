// Numbers pasted or uploaded into the composer: which are valid mobile numbers (the same check
// the server makes), duplicates counted once, and the phone column of an uploaded CSV.
import { parseRecipient } from "@/lib/core/sms/parse-recipient";
import { splitNumbers } from "@/lib/schemas/dashboard-campaigns";

export interface NumberStats {
  /** Distinct entries as typed (after removing spaces and separators). */
  distinct: number;
  valid: number;
  invalid: string[];
  duplicates: number;
}

export function numberStats(text: string): NumberStats {
  const all = splitNumbers(text);
  const distinct = [...new Set(all)];
  const invalid = distinct.filter((n) => !parseRecipient(n, { type: false }));
  return { distinct: distinct.length, valid: distinct.length - invalid.length, invalid, duplicates: all.length - distinct.length };
}

function splitLine(line: string, delimiter: string): string[] {
  // Quoted cells may hold the delimiter; phone columns rarely do, but names do.
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === delimiter && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/**
 * The numbers of a CSV or text file: the column in which most cells are valid mobile numbers
 * (its header row left out), or every line of a one-column file.
 */
export function numbersFromFile(text: string): { numbers: string[]; column: string | null } {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== "");
  if (lines.length === 0) return { numbers: [], column: null };
  const sample = lines.slice(0, 50).join("\n");
  const delimiter = [",", ";", "\t"].map((d) => ({ d, n: sample.split(d).length })).sort((a, b) => b.n - a.n)[0];
  const rows = delimiter.n > 1 ? lines.map((l) => splitLine(l, delimiter.d)) : lines.map((l) => [l.trim()]);
  const width = Math.max(...rows.map((r) => r.length));
  let best = 0;
  let bestScore = -1;
  for (let c = 0; c < width; c++) {
    const score = rows.slice(0, 200).filter((r) => r[c] && parseRecipient(r[c], { type: false })).length;
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  const header = rows[0][best] && !/\d{4}/.test(rows[0][best]) ? rows[0][best] : null;
  const cells = (header ? rows.slice(1) : rows).map((r) => (r[best] ?? "").trim()).filter(Boolean);
  return { numbers: cells, column: width > 1 ? (header ?? `column ${best + 1}`) : null };
}
