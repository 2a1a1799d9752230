// A campaign's clicks (trackLinks): click-through rate, unique clickers, clicks over time and per
// link, and the retargeting step: a contact group of those who clicked, or of those who did not.
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { ErrorNote } from "@/components/ui/error-note";
import { Time } from "@/components/ui/time";
import { ApiError } from "@/lib/ui/api-client";
import { plural } from "@/lib/ui/format";
import { createClickGroup, type CampaignDetail, type CampaignView } from "./api";

export function CampaignClicks({ c, series, canEdit }: { c: CampaignView; series: CampaignDetail["clickSeries"]; canEdit: boolean }) {
  const k = c.clicks;
  const tiles = [
    { label: "Click-through rate", value: `${(k.clickThroughRate * 100).toFixed(1)}%`, testId: "clicks-ctr" },
    { label: "Unique clickers", value: k.uniqueClickers.toLocaleString("en"), testId: "clicks-unique" },
    { label: "Clicks", value: k.total.toLocaleString("en"), testId: "clicks-total" },
    { label: "Previews (not counted)", value: k.prefetches.toLocaleString("en"), testId: "clicks-prefetches" },
  ];
  const peak = Math.max(1, ...series.points.map((p) => p.clicks));
  return (
    <Card className="mt-6">
      <CardHeader title="Clicks" description="Each recipient got short links of their own; link previews by messengers and scanners are kept apart." />
      <div className="grid divide-y divide-slate-200 border-b border-slate-200 sm:grid-cols-4 sm:divide-x sm:divide-y-0 dark:divide-slate-800 dark:border-slate-800">
        {tiles.map((t) => (
          <div key={t.label} className="px-5 py-4">
            <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{t.label}</p>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={t.testId}>
              {t.value}
            </p>
          </div>
        ))}
      </div>
      <CardBody className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Clicks over time">
          <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">Clicks per {series.unit}</h3>
          {series.points.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No clicks yet.</p>
          ) : (
            <ol className="mt-3 flex h-28 items-end gap-1" data-testid="clicks-series">
              {series.points.map((p) => (
                <li key={p.at} className="flex-1" title={`${p.clicks} at ${new Date(p.at).toLocaleString()}`}>
                  <span className="block rounded-t bg-indigo-500" style={{ height: `${Math.max(4, (p.clicks / peak) * 100)}px` }} />
                  <span className="sr-only">
                    <Time at={p.at} show="time" />: {plural(p.clicks, "click")}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-label="Clicks per link">
          <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">Per link</h3>
          <table className="mt-2 w-full text-sm">
            <thead className="text-left text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-1 font-medium">Link</th>
                <th className="py-1 text-right font-medium">Clicks</th>
                <th className="py-1 text-right font-medium">Unique</th>
              </tr>
            </thead>
            <tbody>
              {k.links.map((l) => (
                <tr key={l.position} className="border-t border-slate-100 dark:border-slate-800" data-testid="clicks-link">
                  <td className="max-w-0 truncate py-1.5 pr-3 text-slate-800 dark:text-slate-200" title={l.url}>
                    {l.url}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{l.clicks.toLocaleString("en")}</td>
                  <td className="py-1.5 text-right tabular-nums">{l.uniqueClickers.toLocaleString("en")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </CardBody>
      {canEdit && <ClickGroupForm campaign={c} />}
    </Card>
  );
}

function ClickGroupForm({ campaign }: { campaign: CampaignView }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(`${campaign.campaignName || "Campaign"} clickers`.slice(0, 100));
  const make = useMutation({
    mutationFn: (clicked: boolean) => createClickGroup(campaign.trackingId, { name: name.trim(), clicked }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["campaign-audience"] }),
  });
  return (
    <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
      <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">Retarget</h3>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">A contact group for the next campaign; recipients named by number become contacts.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Input aria-label="Group name" className="w-64!" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <Button onClick={() => make.mutate(true)} loading={make.isPending && make.variables} disabled={!name.trim() || make.isPending}>
          Group who clicked
        </Button>
        <Button variant="secondary" onClick={() => make.mutate(false)} loading={make.isPending && !make.variables} disabled={!name.trim() || make.isPending}>
          Group who did not
        </Button>
      </div>
      {make.isSuccess && (
        <p className="mt-2 text-sm text-emerald-700 dark:text-emerald-400" role="status" data-testid="click-group-made">
          Group “{make.data.name}” holds {plural(make.data.size, "contact")}.{" "}
          <Link className="underline" href={`/contacts?group=${encodeURIComponent(make.data.name)}`}>
            Open it
          </Link>
        </p>
      )}
      {make.isError && <ErrorNote className="mt-2">{make.error instanceof ApiError ? make.error.message : "The group could not be created."}</ErrorNote>}
    </div>
  );
}
