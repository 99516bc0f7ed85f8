import { Button, HStack } from "@chakra-ui/react";
import type { App } from "../../../../../schemas/app";
import { FunctionMessages } from "../../../../../schemas/functions";
import { detailOf } from "../../../api/client";
import { useActivateBackendFunctions } from "../../../api/functions";
import { links } from "../../editor/links";
import { toaster } from "../../ui/toaster";

/**
 * App Settings → Backend functions (spec 02 §4, §6, §8): Activate, one-way, after which the button
 * reads "Activated" and stays disabled. Free and Starter owners get an Upgrade link instead of a
 * working button; a refusal reads "Failed to activate backend functions" with the server's reason.
 */
export function BackendFunctionsAction({ app, allowed }: { app: App; allowed: boolean }) {
  const activate = useActivateBackendFunctions(app.id);
  if (app.has_backend_functions_enabled) {
    return (
      <Button size="sm" variant="outline" disabled data-testid="settings-backend-functions-button">
        {FunctionMessages.ACTIVATED}
      </Button>
    );
  }
  const run = () =>
    activate.mutate(undefined, {
      onError: (err) => {
        toaster.remove();
        toaster.error({ title: FunctionMessages.ACTIVATE_FAILED, description: detailOf(err) });
      },
    });
  return (
    <HStack gap="2">
      {!allowed && (
        <Button size="sm" variant="plain" color="brand.fg" textDecoration="underline" asChild data-testid="settings-backend-functions-upgrade">
          <a href={links.billing}>Upgrade</a>
        </Button>
      )}
      <Button size="sm" colorPalette="brand" disabled={!allowed} loading={activate.isPending} onClick={run} data-testid="settings-backend-functions-button">
        Activate
      </Button>
    </HStack>
  );
}
