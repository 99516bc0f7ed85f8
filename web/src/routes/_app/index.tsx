import { createFileRoute, redirect } from "@tanstack/react-router";

/** Until the home screen lands with the builder, a signed-in visit to / opens the account. */
export const Route = createFileRoute("/_app/")({
  beforeLoad: () => {
    throw redirect({ to: "/user-settings" });
  },
});
