// Checks every row of the file in the browser with the server's own rules (prepareImportRow), a
// slice at a time so the page stays responsive, and sums up what the import will do.
import { useEffect, useState } from "react";
import { prepareImportRow, type PreparedRow } from "@/lib/core/contacts/prepare-import-row";
import type { LabelTypes } from "@/lib/core/contacts/model";
import { toContact, type DataRow, type Target } from "./csv";

export interface RowCheck {
  /** Rows checked so far; equals the row count when done. */
  checked: number;
  done: boolean;
  valid: number;
  invalid: number;
  /** Valid rows whose mobile an earlier row of the file already has (they update it). */
  repeats: number;
  /** Problem → how many rows have it, most frequent first. */
  reasons: [string, number][];
  /** Country → how many valid rows, most frequent first. */
  countries: [string, number][];
  /**
   * Valid rows whose number has no + or 00 and no country to read it in: taken as international
   * (6912345678 as +691…). Worth a default country when the file holds national numbers.
   */
  bare: number;
}

const SLICE = 2000;

export function checkRow(row: DataRow, mapping: Target[], labelTypes: LabelTypes, defaultCountry: string): PreparedRow {
  return prepareImportRow(toContact(row.cells, mapping), { labelTypes, defaultCountry: defaultCountry || undefined });
}

const empty: RowCheck = { checked: 0, done: false, valid: 0, invalid: 0, repeats: 0, reasons: [], countries: [], bare: 0 };
const byCount = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

export function useRowCheck(rows: DataRow[], mapping: Target[], labelTypes: LabelTypes, defaultCountry: string): RowCheck {
  const [state, setState] = useState<RowCheck>(empty);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const seen = new Set<string>();
    const reasons = new Map<string, number>();
    const countries = new Map<string, number>();
    let bare = 0;
    let valid = 0;
    let invalid = 0;
    let repeats = 0;
    let at = 0;
    const step = () => {
      if (cancelled) return;
      const end = Math.min(rows.length, at + SLICE);
      for (; at < end; at++) {
        const input = toContact(rows[at].cells, mapping);
        const r = prepareImportRow(input, { labelTypes, defaultCountry: defaultCountry || undefined });
        if (r.ok) {
          valid++;
          countries.set(r.fields.country, (countries.get(r.fields.country) ?? 0) + 1);
          if (!defaultCountry && !input.country && !/^\s*(\+|00)/.test(String(input.mobile))) bare++;
          if (seen.has(r.fields.mobile)) repeats++;
          else seen.add(r.fields.mobile);
        } else {
          invalid++;
          reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
        }
      }
      const done = at >= rows.length;
      setState({ checked: at, done, valid, invalid, repeats, reasons: byCount(reasons), countries: byCount(countries), bare });
      if (!done) timer = setTimeout(step, 0);
    };
    setState(empty);
    timer = setTimeout(step, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [rows, mapping, labelTypes, defaultCountry]);
  return state;
}
