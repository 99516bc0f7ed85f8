import { SimpleGrid, Skeleton } from "@chakra-ui/react";
import type { AppSummary } from "../../../../schemas/app";
import { AppCard } from "./AppCard";

/** The grid view of the apps list. */
export function AppsGrid({ apps, showCreator, loading }: { apps: AppSummary[]; showCreator: boolean; loading?: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" data-testid="apps-grid">
      {loading
        ? Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h="36" rounded="xl" />)
        : apps.map((app) => <AppCard key={app.id} app={app} showCreator={showCreator} />)}
    </SimpleGrid>
  );
}
