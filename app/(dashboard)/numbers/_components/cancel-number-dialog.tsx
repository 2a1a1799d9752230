// Cancelling a number: says what is lost, and refuses (as the API does) while it is in a pool.
"use client";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate } from "@/lib/ui/format";
import { cancelNumber, numbersKey, type NumberDetails } from "./api";

export function CancelNumberDialog({ open, number, onClose }: { open: boolean; number: NumberDetails; onClose: () => void }) {
  const router = useRouter();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Cancel ${number.msisdn}?`}
      description="The number goes back to the catalogue and someone else may rent it. What you paid for this month is not refunded."
      confirmLabel="Cancel number"
      cancelLabel="Keep it"
      confirmDisabled={Boolean(number.pool)}
      onConfirm={() => cancelNumber(number.msisdn)}
      refresh={[numbersKey]}
      announce={() => ({ title: `${number.msisdn} cancelled`, tone: "success" })}
      onDone={() => router.push("/numbers")}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {number.pool ? `It is in pool “${number.pool.poolName}”: take it out of the pool first.` : `It would renew on ${formatDate(number.nextRenewal)}. Its messages stay in tracking.`}
      </p>
    </ConfirmDialog>
  );
}
