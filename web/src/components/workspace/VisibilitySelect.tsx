import { NativeSelect } from "@chakra-ui/react";
import { type App, Visibility } from "../../../../schemas/app";
import { useUpdateApp } from "../../api/apps";
import { visibilities } from "../editor/GearMenu";
import { toast } from "../ui/toaster";

/** Who may open the app (spec 02 §4 App visibility), saved at once; a refusal says "Failed to update app visibility". */
export function VisibilitySelect({ app, testId = "visibility-select" }: { app: App; testId?: string }) {
  const update = useUpdateApp(app.id);
  const choose = (value: string) => {
    const parsed = Visibility.safeParse(value);
    if (!parsed.success || parsed.data === app.public_settings) return;
    update.mutate({ public_settings: parsed.data }, { onSuccess: () => toast.success("App visibility updated"), onError: () => toast.error("Failed to update app visibility") });
  };
  return (
    <NativeSelect.Root size="sm" maxW="64">
      <NativeSelect.Field aria-label="Visibility" value={app.public_settings} onChange={(e) => choose(e.currentTarget.value)} data-testid={testId}>
        {visibilities.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
