import { Field, Input, SimpleGrid, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Article, ArticleBody } from "../../../../schemas/support";
import { messageOr } from "../../api/client";
import { Support } from "../../api/support";
import { KilnDialog } from "../ui/Dialog";
import { Markdown } from "../Markdown";

/** Create or edit an article (spec 03 §2.12, §5): trimmed title and content, both required; the content is markdown, previewed beside it. */
export function ArticleDialog({ article, onClose }: { article: Article | "new"; onClose(): void }) {
  const client = useQueryClient();
  const editing = article === "new" ? null : article;
  const [title, setTitle] = useState(editing?.title ?? "");
  const [content, setContent] = useState(editing?.content ?? "");
  const [errors, setErrors] = useState<{
    title?: string;
    content?: string;
    form?: string;
  }>({});
  const save = useMutation({
    mutationFn: (body: { title: string; content: string }) => (editing ? Support.updateArticle(editing.id, body) : Support.createArticle(body)),
    onSuccess: () => (void client.invalidateQueries({ queryKey: ["docs", "articles"] }), onClose()),
    onError: (err) =>
      setErrors({
        form: messageOr(err, "Failed to save the article. Please try again."),
      }),
  });
  const submit = () => {
    const parsed = ArticleBody.safeParse({ title, content });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as "title" | "content"] ??= issue.message;
      return setErrors(found);
    }
    save.mutate(parsed.data);
  };
  return (
    <KilnDialog
      open
      onClose={onClose}
      title={editing ? "Edit Article" : "New Article"}
      size="wide"
      testId="article-dialog"
      onSubmit={submit}
      action={{
        label: editing ? "Save" : "Create",
        loading: save.isPending,
        tone: "brand",
        testId: "article-save",
      }}
    >
      <Field.Root invalid={!!errors.title} mb="4">
        <Field.Label>Title</Field.Label>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} data-testid="article-title" />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Field.Root invalid={!!errors.content || !!errors.form}>
          <Field.Label>Content (markdown)</Field.Label>
          <Textarea value={content} onChange={(e) => setContent(e.target.value)} minH="400px" fontFamily="mono" fontSize="sm" data-testid="article-content" />
          <Field.ErrorText>{errors.content ?? errors.form}</Field.ErrorText>
        </Field.Root>
        <Markdown text={content} borderWidth="1px" rounded="md" p="3" minH="400px" overflowY="auto" data-testid="article-preview" />
      </SimpleGrid>
    </KilnDialog>
  );
}
