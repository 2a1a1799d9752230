// What the analysis panel shows for a body, computed in the browser on every keystroke: the
// body analysis, the text that will go out (transcoded or not), and how full its last part is.
import { analyzeBody, splitBody, transcodeBody, type BodyAnalysis, type Encoding } from "@/lib/core/sms/analyze-body";
import { GSM7_MULTIPART_SEPTETS, GSM7_SINGLE_PART_SEPTETS, UCS2_MULTIPART_UNITS, UCS2_SINGLE_PART_UNITS } from "@/lib/core/sms/body-measure";
import { gsmExtension } from "@/lib/gsm-alphabet";

export interface BodyStats {
  /** Figures of the text that will be sent. */
  analysis: BodyAnalysis;
  encoding: Encoding;
  parts: number;
  /** Parts of the body as written, untranscoded. */
  rawParts: number;
  /** The GSM-7 transcoding of a Unicode body, when every character has one. */
  suggestion?: { message: string; parts: number };
  /** Transcoding is asked for and possible: the transcoded text is what goes out. */
  transcoding: boolean;
  /** Characters of the body outside GSM-7 (before any transcoding). */
  unsupported: string[];
  /** Characters with no GSM-7 look-alike: why a Unicode body cannot be transcoded. */
  untranscodable: string[];
  /** Room in the last part, in the encoding's units (septets or UTF-16 code units). */
  capacity: number;
  used: number;
}

export function bodyStats(body: string, transcode: boolean): BodyStats {
  const raw = analyzeBody(body);
  const transcoding = transcode && raw.transcode !== undefined;
  const analysis = transcoding ? analyzeBody(body, { transcode: true }) : raw;
  const split = splitBody(transcoding ? raw.transcode!.message : body);
  const last = split.parts[split.parts.length - 1] ?? "";
  const single = split.parts.length === 1;
  const gsm = split.encoding === "gsm7";
  let used = last.length;
  if (gsm) for (const c of last) if (gsmExtension.has(c)) used++;
  return {
    analysis,
    encoding: split.encoding,
    parts: split.parts.length,
    rawParts: raw.parts,
    suggestion: raw.transcode,
    transcoding,
    unsupported: raw.unsupportedGSMCharacters,
    untranscodable: raw.unicode && !raw.transcode ? raw.unsupportedGSMCharacters.filter((c) => transcodeBody(c) === null) : [],
    capacity: gsm ? (single ? GSM7_SINGLE_PART_SEPTETS : GSM7_MULTIPART_SEPTETS) : single ? UCS2_SINGLE_PART_UNITS : UCS2_MULTIPART_UNITS,
    used,
  };
}
