import { Badge, Box, Button, Card, Heading, HStack, IconButton, Input, SimpleGrid, Tabs, Text, VStack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Article, SupportMessages } from "../../../../schemas/support";
import { meQuery } from "../../api/auth";
import { Support, agentQuery, articlesQuery } from "../../api/support";
import { AdminOnly } from "../admin/AccessDenied";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { toast } from "../ui/toaster";
import { ArticleDialog } from "./ArticleDialog";
import { AgentSettingsTabs } from "./AgentSettingsTabs";

/** The documentation manager (spec 03 §2.12): Articles, System Prompts, Internal Categories. */
export function DocsManager() {
  const { data: me } = useSuspenseQuery(meQuery);
  return (
    <AdminOnly me={me}>
      <Manager />
    </AdminOnly>
  );
}

/** Case-insensitive search over an article's title and content. */
export const articlesMatching = (articles: Article[], search: string) => {
  const needle = search.trim().toLowerCase();
  return needle ? articles.filter((a) => `${a.title}\n${a.content}`.toLowerCase().includes(needle)) : articles;
};

function Manager() {
  const client = useQueryClient();
  const articles = useQuery(articlesQuery);
  const agent = useQuery(agentQuery);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Article | "new" | null>(null);
  const [deleting, setDeleting] = useState<Article | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => Support.removeArticle(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ["docs", "articles"] }),
    onError: () => toast.error("Failed to delete the article. Please try again."),
    onSettled: () => setDeleting(null),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ["docs"] });

  if ((articles.isError && !articles.data) || (agent.isError && !agent.data))
    return (
      <VStack py="24" gap="4" data-testid="docs-error">
        <Text fontWeight="semibold">{SupportMessages.DOCS_LOAD_FAILED}</Text>
        <Button onClick={refresh}>Try Again</Button>
      </VStack>
    );
  const list = articles.data?.articles ?? [];
  const shown = articlesMatching(list, search);

  return (
    <Box maxW="7xl" mx="auto" px={{ base: "4", md: "8" }} py="8" data-testid="docs-manager">
      <HStack justify="space-between" mb="6" wrap="wrap">
        <Heading size="xl">Documentation Manager</Heading>
        <HStack>
          <Button variant="outline" size="sm" onClick={refresh} loading={articles.isFetching || agent.isFetching} data-testid="docs-refresh">
            <RefreshCw /> Refresh
          </Button>
          <Button colorPalette="brand" size="sm" onClick={() => setEditing("new")} data-testid="article-new">
            <Plus /> New Article
          </Button>
        </HStack>
      </HStack>
      <Tabs.Root defaultValue="articles" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="articles" data-testid="docs-tab-articles">
            Articles{" "}
            <Badge size="xs" data-testid="articles-count">
              {list.length}
            </Badge>
          </Tabs.Trigger>
          <Tabs.Trigger value="prompts" data-testid="docs-tab-prompts">
            System Prompts
          </Tabs.Trigger>
          <Tabs.Trigger value="categories" data-testid="docs-tab-categories">
            Internal Categories
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="articles">
          <Input placeholder="Search articles" value={search} onChange={(e) => setSearch(e.target.value)} mb="4" maxW="md" data-testid="articles-search" />
          {shown.length === 0 ? (
            <Text color="fg.muted" py="10" textAlign="center">
              No articles found
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {shown.map((a) => (
                <Card.Root key={a.id} variant="outline" data-testid="article-card" data-title={a.title}>
                  <Card.Body gap="2">
                    <HStack justify="space-between" align="start">
                      <Text fontWeight="semibold">{a.title}</Text>
                      <HStack gap="0">
                        <IconButton size="xs" variant="ghost" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a)} data-testid="article-edit">
                          <Pencil />
                        </IconButton>
                        <IconButton size="xs" variant="ghost" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)} data-testid="article-delete">
                          <Trash2 />
                        </IconButton>
                      </HStack>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                      {a.content}
                    </Text>
                    <Text fontSize="xs" color="fg.subtle">
                      {new Date(a.created_date).toLocaleDateString()}
                    </Text>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
        </Tabs.Content>
        {agent.data && <AgentSettingsTabs settings={agent.data} />}
      </Tabs.Root>
      {editing && <ArticleDialog article={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        confirmation={
          deleting
            ? {
                title: "Delete article",
                text: `Delete "${deleting.title}"? Drafts will no longer quote it.`,
                action: "Delete",
              }
            : null
        }
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
