// An owner requires two-factor sign-in of every user of the account: users without it are sent to
// set it up at their next page, before anything else. Shows who has it on so far.
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardBody } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useToast } from "@/components/ui/toast";
import { fetchTwoFactor, setRequired, twoFactorKey } from "../../_components/two-factor-api";
import type { UserView } from "./api";

export function TwoFactorPolicy({ users }: { users: UserView[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: fetchTwoFactor });
  const change = useMutation({
    mutationFn: setRequired,
    onSuccess: async ({ required }) => {
      await queryClient.invalidateQueries({ queryKey: twoFactorKey });
      toast(
        required
          ? { tone: "success", title: "Two-factor sign-in required", description: "Users without it set it up before their next page." }
          : { tone: "success", title: "Two-factor sign-in optional", description: "Each user decides for themselves." },
      );
    },
    onError: (err) => toast({ tone: "error", title: "The setting was not changed", description: err.message }),
  });
  const on = users.filter((u) => u.twoFactor).length;
  return (
    <Card className="mb-6">
      <CardBody>
        <Checkbox
          label="Require two-factor sign-in for every user"
          description={`${on} of ${users.length} ${users.length === 1 ? "user has" : "users have"} it on. Those without it${status.data && !status.data.enabled ? ", you included," : ""} are asked to set it up (an authenticator app) before anything else.`}
          checked={status.data?.required ?? false}
          disabled={!status.data || change.isPending}
          onChange={(e) => change.mutate(e.target.checked)}
        />
      </CardBody>
    </Card>
  );
}
