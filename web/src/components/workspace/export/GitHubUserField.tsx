import { Avatar, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { githubUsernameProblem, GITHUB_USERNAME_INVALID } from "../../../../../schemas/export";
import { detailOf } from "../../../api/client";
import { ExportApi } from "./api";
import { useGitHubSearch } from "./search";

/**
 * A GitHub username with search suggestions (spec 02 §3, §5, §9) and the Invite button. The
 * rules show as the name is typed (no @ or .) and on Invite (not empty); a failure reads
 * "Failed to invite collaborator: …" (§8).
 */
export function GitHubUserField({ appId, label, onInvited }: { appId: string; label: string; onInvited?(username: string): void }) {
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const { users, searching } = useGitHubSearch(appId, name);
  const invite = useMutation({ mutationFn: (username: string) => ExportApi.invite(appId, username), onSuccess: (answer) => onInvited?.(answer.username) });

  const problem = githubUsernameProblem(name);
  // the @/. rule shows at once; "Please enter a GitHub username" only once Invite was pressed
  const shown = problem === GITHUB_USERNAME_INVALID || (submitted && problem) ? problem : null;
  const submit = () => {
    setSubmitted(true);
    if (!problem) invite.mutate(name.trim());
  };

  return (
    <Stack gap="2">
      <Field.Root invalid={!!shown}>
        <Field.Label>{label}</Field.Label>
        <HStack w="full">
          <Input
            value={name}
            placeholder="GitHub username"
            onChange={(e) => {
              setName(e.target.value);
              invite.reset();
            }}
            onKeyDown={(e) => e.key === "Enter" && submit()}
            data-testid="github-username"
          />
          <Button onClick={submit} loading={invite.isPending} colorPalette="brand" data-testid="github-invite">
            Invite
          </Button>
        </HStack>
        {shown && <Field.ErrorText data-testid="github-username-error">{shown}</Field.ErrorText>}
      </Field.Root>
      {searching && <Text fontSize="xs" color="fg.muted">Searching GitHub…</Text>}
      {users.length > 0 && !invite.isSuccess && (
        <Stack gap="1" data-testid="github-search-results">
          {users.map((user) => (
            <HStack key={user.username} as="button" onClick={() => setName(user.username)} textAlign="left" px="2" py="1" rounded="md" _hover={{ bg: "bg.muted" }}>
              <Avatar.Root size="2xs">
                <Avatar.Image src={user.avatar_url} />
                <Avatar.Fallback name={user.username} />
              </Avatar.Root>
              <Text fontSize="sm" fontWeight="medium">{user.username}</Text>
              {user.name && <Text fontSize="sm" color="fg.muted">{user.name}</Text>}
            </HStack>
          ))}
        </Stack>
      )}
      {invite.isSuccess && (
        <Text fontSize="sm" color="fg.success" data-testid="github-invite-done">
          {invite.data.message}
        </Text>
      )}
      {invite.error && (
        <Text fontSize="sm" color="fg.error" data-testid="github-invite-error">
          Failed to invite collaborator: {detailOf(invite.error)}
        </Text>
      )}
    </Stack>
  );
}
