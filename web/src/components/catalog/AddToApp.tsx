import { Alert, Button, Link, RadioGroup, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { PackagePlus } from "lucide-react";
import { useState } from "react";
import type { CatalogEntry, CatalogPackage } from "../../../../schemas/catalog";
import type { InstallResult } from "../../../../schemas/packages";
import { appsListQuery } from "../../api/apps";
import { meQuery } from "../../api/auth";
import { detailOf } from "../../api/client";
import { callOf, installFailure, secretsPath, useInstallPackage } from "../../api/packages";
import { links } from "../editor/links";
import { KilnDialog } from "../ui/Dialog";
import { toaster } from "../ui/toaster";

/** Enough of the owner's apps to choose from, most recently changed first. */
const APPS_SHOWN = 100;
/** A toast that asks for secrets stays long enough to follow its link. */
const SECRETS_TOAST_MS = 15_000;

/** Says what was installed, and which of its secrets the app still needs, with the way to its Secrets. */
function announce(result: InstallResult, app: { id: string; name: string }) {
  toaster.remove();
  const missing = result.missing_secrets;
  toaster.success({
    title: `${result.package_name} added to ${app.name}`,
    duration: missing.length ? SECRETS_TOAST_MS : undefined,
    description: missing.length ? (
      <span data-testid="add-to-app-missing-secrets">
        Add {missing.join(", ")} in the app's{" "}
        <Link href={secretsPath(app.id)} color="brand.fg" textDecoration="underline" data-testid="add-to-app-secrets-link">
          Secrets
        </Link>{" "}
        before its calls can work.
      </span>
    ) : undefined,
  });
}

/**
 * Catalogue item detail: "Add to app" installs the item's package into one of the signed-in
 * user's apps. A plan without backend functions gets the server's words and an Upgrade link;
 * any other refusal shows what the server said.
 */
export function AddToApp({ entry, pkg }: { entry: CatalogEntry; pkg: CatalogPackage }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="add-to-app">
        <PackagePlus /> Add to app
      </Button>
      {open && <AddToAppDialog entry={entry} pkg={pkg} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddToAppDialog({ entry: { item }, pkg, onClose }: { entry: CatalogEntry; pkg: CatalogPackage; onClose(): void }) {
  const me = useQuery(meQuery);
  const apps = useQuery({
    ...appsListQuery({ q: { created_by: me.data?.email ?? "" }, sort: "-updated_date", limit: APPS_SHOWN, fields: "id,name" }),
    enabled: Boolean(me.data),
  });
  const install = useInstallPackage();
  const [chosen, setChosen] = useState<string | null>(null);
  const failure = install.error ? installFailure(install.error) : null;
  const app = apps.data?.find((a) => a.id === chosen);

  const run = () => {
    if (!app) return;
    install.mutate(
      { appId: app.id, pkg: pkg.name, ref: item.id },
      {
        onSuccess: (result) => {
          announce(result, { id: app.id, name: app.name ?? app.id });
          onClose();
        },
      },
    );
  };
  const choose = (id: string | null) => {
    setChosen(id);
    install.reset();
  };

  return (
    <KilnDialog
      open
      onClose={onClose}
      title={`Add ${item.name} to an app`}
      description={
        <>
          Installs the {pkg.name} package: the app's code then calls {pkg.endpoints.map((e) => callOf(pkg.name, e)).join(", ")}.
        </>
      }
      testId="add-to-app-dialog"
      action={
        failure?.upgrade
          ? { label: "Upgrade", href: links.billing, testId: "add-to-app-upgrade" }
          : { label: "Add to app", onClick: run, loading: install.isPending, disabled: !app, testId: "add-to-app-confirm" }
      }
    >
      <Stack gap="4">
        {me.isError || apps.isError ? (
          <Text color="fg.error">{detailOf(me.error ?? apps.error)}</Text>
        ) : apps.isPending ? (
          <Skeleton h="20" rounded="lg" />
        ) : apps.data.length === 0 ? (
          <Text data-testid="add-to-app-no-apps">
            You have no apps yet.{" "}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to="/" search={{ integrations: item.id }}>
                Build one with this integration
              </RouterLink>
            </Link>
          </Text>
        ) : (
          <RadioGroup.Root value={chosen} onValueChange={(e) => choose(e.value)} aria-label="App">
            <Stack gap="3" maxH="64" overflowY="auto" data-testid="add-to-app-apps">
              {apps.data.map((a) => (
                <RadioGroup.Item key={a.id} value={a.id} data-testid={`add-to-app-app-${a.id}`}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{a.name ?? a.id}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
        {item.required_secrets.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            It reads {item.required_secrets.map((s) => s.name).join(", ")} from the app's Secrets.
          </Text>
        )}
        {failure && (
          <Alert.Root status={failure.upgrade ? "warning" : "error"} data-testid="add-to-app-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{failure.detail}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </KilnDialog>
  );
}
