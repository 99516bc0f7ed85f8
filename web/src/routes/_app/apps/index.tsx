import { Alert, Box, Button, Container, HStack, Heading, Spinner, Stack, Text, VStack } from "@chakra-ui/react";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link as RouterLink, createFileRoute } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import type { User } from "../../../../../schemas/user";
import { appsListQuery } from "../../../api/apps";
import { meQuery } from "../../../api/auth";
import { detailOf } from "../../../api/client";
import { AppsEmpty } from "../../../components/apps/AppsEmpty";
import { AppsGrid } from "../../../components/apps/AppsGrid";
import { AppsPager } from "../../../components/apps/AppsPager";
import { AppsTable } from "../../../components/apps/AppsTable";
import { AppsToolbar } from "../../../components/apps/AppsToolbar";
import { AppsSearch, LIST_FIELDS, PAGE_SIZE, appsFilter } from "../../../components/apps/appsFilter";

export const Route = createFileRoute("/_app/apps/")({
  validateSearch: (search) => AppsSearch.parse(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const me = await queryClient.ensureQueryData(meQuery);
    const list = queryClient.ensureQueryData(appsListQuery(listParams(deps, me)));
    // a failed list is the page's own to show (with Try again); a filter change keeps the old list, dimmed, until the new one arrives
    if (cause === "enter") await list.catch(() => undefined);
    else void list.catch(() => undefined);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="apps-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: AppsList,
});

/** What GET /apps is asked for this address: the page of the chosen size (and one more, to know a next page exists). */
function listParams(search: AppsSearch, me: User) {
  const view = search.view ?? "grid";
  const size = PAGE_SIZE[view];
  const q = appsFilter({ search: search.q ?? "", mine: search.mine ?? false, starred: search.starred ?? false, email: me.email });
  return { q, sort: search.sort === "asc" ? "updated_date" : "-updated_date", limit: size + 1, skip: ((search.page ?? 1) - 1) * size, fields: LIST_FIELDS };
}

/** 'Your Apps' (spec 01 §2 Apps list): search, filters, sort, grid or table, and paging. */
function AppsList() {
  const { data: me } = useSuspenseQuery(meQuery);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const view = search.view ?? "grid";
  const sort = search.sort ?? "desc";
  const page = search.page ?? 1;
  const mine = search.mine ?? false;
  const starred = search.starred ?? false;
  const text = search.q ?? "";
  const size = PAGE_SIZE[view];
  const isAdmin = me.platform_role === "platform_admin";

  const apps = useQuery({ ...appsListQuery(listParams(search, me)), placeholderData: keepPreviousData });
  const shown = apps.data?.slice(0, size) ?? [];
  const hasNext = (apps.data?.length ?? 0) > size;

  /** Any change of what is listed starts again at page 1; the address is replaced, not stacked. */
  const update = (change: Partial<AppsSearch>, keepPage = false) =>
    navigate({ search: (prev) => clean({ ...prev, ...change, page: keepPage ? change.page : undefined }), replace: !keepPage });

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Box>
          <HStack justify="space-between" gap="4">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              Your Apps
            </Heading>
            <Button asChild colorPalette="brand" size="sm" data-testid="new-app">
              <RouterLink to="/">
                <Plus /> New app
              </RouterLink>
            </Button>
          </HStack>
          <Text color="fg.muted" mt="1">
            {isAdmin && !mine ? "Every app on this Kiln, most recently updated first." : "Everything you have built with Kiln."}
          </Text>
        </Box>

        <AppsToolbar
          search={text}
          mine={mine}
          starred={starred}
          sort={sort}
          view={view}
          onSearch={(q) => update({ q: q.trim() ? q : undefined })}
          onMine={(next) => update({ mine: next || undefined })}
          onToggleStarred={() => update({ starred: starred ? undefined : true })}
          onToggleSort={() => update({ sort: sort === "desc" ? "asc" : undefined })}
          onToggleView={() => update({ view: view === "grid" ? "table" : undefined })}
        />

        {apps.isError ? (
          <Alert.Root status="error" rounded="xl">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your apps could not be loaded</Alert.Title>
              <Alert.Description>{detailOf(apps.error)}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => apps.refetch()}>
              Try again
            </Button>
          </Alert.Root>
        ) : !apps.isPending && shown.length === 0 ? (
          <AppsEmpty filtered={Boolean(text || mine || starred || page > 1)} />
        ) : (
          <Box opacity={apps.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s" aria-busy={apps.isFetching}>
            {view === "grid" ? (
              <AppsGrid apps={shown} showCreator={isAdmin} loading={apps.isPending} />
            ) : (
              <AppsTable apps={shown} showCreator={isAdmin} loading={apps.isPending} />
            )}
          </Box>
        )}

        <AppsPager page={page} hasNext={hasNext} busy={apps.isPlaceholderData} onPage={(p) => update({ page: p > 1 ? p : undefined }, true)} />
      </Stack>
    </Container>
  );
}

/** Leave defaults out of the address so /apps stays /apps. */
function clean(search: AppsSearch): AppsSearch {
  return AppsSearch.parse(Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)));
}
