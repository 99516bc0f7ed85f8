import { Button, EmptyState, VStack } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { Plus, SearchX } from "lucide-react";

/** Spec 01 §2: the empty result of the apps list; with no filters on, it offers to make a first app. */
export function AppsEmpty({ filtered }: { filtered: boolean }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg" data-testid="apps-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <SearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>No apps found matching your criteria</EmptyState.Title>
          <EmptyState.Description>{filtered ? "Try another search, or turn off the filters." : "Describe an app on Home and it will show up here."}</EmptyState.Description>
        </VStack>
        {!filtered && (
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/">
              <Plus /> Create an app
            </RouterLink>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
