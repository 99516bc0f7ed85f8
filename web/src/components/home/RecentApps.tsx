import { Link, SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { appsListQuery } from "../../api/apps";
import { AppCard } from "../apps/AppCard";
import { SectionTitle } from "./SectionTitle";

/** Spec 01 §9: 9 fetched by -updated_date, 6 shown, 'View all' when there are more than 6. */
const FETCHED = 9;
const SHOWN = 6;
const fields = "id,name,user_description,logo_url,status,updated_date,is_starred";

/** The user's most recently updated apps. */
export function RecentApps({ email }: { email: string }) {
  const apps = useQuery(appsListQuery({ q: { created_by: email }, sort: "-updated_date", limit: FETCHED, fields }));
  if (apps.isError || (apps.data && apps.data.length === 0)) return null;
  const more = (apps.data?.length ?? 0) > SHOWN;
  return (
    <Stack gap="3" as="section" aria-labelledby="recent-apps-title" data-testid="recent-apps">
      <SectionTitle
        id="recent-apps-title"
        end={
          more && (
            <Link asChild fontSize="sm" fontWeight="medium" color="brand.fg" data-testid="view-all-apps">
              <RouterLink to="/apps">
                View all <ArrowRight size={14} />
              </RouterLink>
            </Link>
          )
        }
      >
        Recent apps
      </SectionTitle>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
        {apps.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h="20" rounded="xl" />)
          : apps.data.slice(0, SHOWN).map((app) => <AppCard key={app.id} app={app} compact testId="recent-app" />)}
      </SimpleGrid>
    </Stack>
  );
}
