// Cancelling a number: says what is lost, and refuses (as the API does) while it is in a pool.
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/ui/api-client";
import { formatDate } from "@/lib/ui/format";
import { cancelNumber, numbersKey, type NumberDetails } from "./api";

export function CancelNumberDialog({ open, number, onClose }: { open: boolean; number: NumberDetails; onClose: () => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: () => cancelNumber(number.msisdn),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: numbersKey });
      toast({ title: `${number.msisdn} cancelled`, tone: "success" });
      router.push("/numbers");
    },
  });
  return (
    <Dialog
      open={open}
      onClose={() => !mutation.isPending && onClose()}
      title={`Cancel ${number.msisdn}?`}
      description="The number goes back to the catalogue and someone else may rent it. What you paid for this month is not refunded."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => mutation.mutate()} loading={mutation.isPending} disabled={Boolean(number.pool)}>
            Cancel number
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {number.pool
          ? `It is in pool “${number.pool.poolName}”: take it out of the pool first.`
          : `It would renew on ${formatDate(number.nextRenewal)}. Its messages stay in tracking.`}
      </p>
      {mutation.error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {mutation.error instanceof ApiError ? mutation.error.message : "The number could not be cancelled."}
        </p>
      )}
    </Dialog>
  );
}
