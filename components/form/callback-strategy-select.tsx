// When a callback goes out: once, on the final status (OnCompletion), or on every change
// (OnChange). The values are the API's; the words say what the callback reports.
import type { ComponentProps } from "react";
import { Select } from "@/components/ui/select";

const words = {
  /** An application's or a pool's default for the messages sent through it. */
  status: ["Once, on the final status", "On every status change"],
  message: ["On the final status", "On every change"],
  campaign: ["When it ends", "On every change"],
};

export function CallbackStrategySelect({ reports, ...select }: { reports: keyof typeof words } & ComponentProps<typeof Select>) {
  const [onCompletion, onChange] = words[reports];
  return (
    <Select {...select}>
      <option value="OnCompletion">{onCompletion}</option>
      <option value="OnChange">{onChange}</option>
    </Select>
  );
}
