import { Box, Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Archive, Eye, EyeOff, Pencil, UserPlus } from "lucide-react";
import { useState } from "react";
import { CatalogRules, type CatalogEntry } from "../../../../schemas/catalog";
import { Catalog, catalogItemQuery, catalogListQuery } from "../../api/catalog";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { KilnDialog } from "../ui/Dialog";
import { toast, toaster } from "../ui/toaster";

/** Edit for the owner and invited admins; visibility, inviting an admin and archiving for the owner (spec 03 §2.7, §6). */
export function OwnerActions({ entry }: { entry: CatalogEntry }) {
  const { item } = entry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);

  const visibility = useMutation({
    mutationFn: () => Catalog.setPrivate(item.id, !item.is_private),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogItemQuery(item.id).queryKey, saved);
      void queryClient.invalidateQueries({
        queryKey: catalogListQuery.queryKey,
      });
      toast.success(saved.item.is_private ? "The integration is now private" : "The integration is now public");
    },
    onError: () => toast.error("Failed to update integration privacy setting"),
  });
  const archive = useMutation({
    mutationFn: () => Catalog.archive(item.id),
    onSuccess: async () => {
      queryClient.removeQueries({
        queryKey: catalogItemQuery(item.id).queryKey,
      });
      await queryClient.invalidateQueries({
        queryKey: catalogListQuery.queryKey,
      });
      toast.success("Integration archived");
      await navigate({ to: "/integrations-catalog" });
    },
    onError: () => {
      setConfirmArchive(false);
      toast.error("Failed to archive integration");
    },
  });

  return (
    <Box borderWidth="1px" rounded="xl" p="4" data-testid="owner-actions">
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline" data-testid="edit-integration">
          <Link to="/integrations-catalog/editor/{-$itemId}" params={{ itemId: item.id }}>
            <Pencil /> Edit
          </Link>
        </Button>
        {entry.is_user_the_owner && (
          <>
            <Button size="sm" variant="outline" onClick={() => visibility.mutate()} loading={visibility.isPending} data-testid="toggle-visibility">
              {item.is_private ? <Eye /> : <EyeOff />} {item.is_private ? "Make Public" : "Make Private"}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setInviting(true)} data-testid="invite-admin">
              <UserPlus /> Invite Admin
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmArchive(true)} data-testid="archive-integration">
              <Archive /> Archive
            </Button>
          </>
        )}
      </HStack>
      <InviteDialog itemId={item.id} open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        confirmation={
          confirmArchive
            ? {
                title: "Archive this integration?",
                text: `"${item.name}" leaves the catalogue for everyone. Apps already built with it keep working.`,
                action: "Archive",
              }
            : null
        }
        pending={archive.isPending}
        onConfirm={() => archive.mutate()}
        onClose={() => setConfirmArchive(false)}
      />
    </Box>
  );
}

/** Spec 03 §5 Invite admin: non-empty and containing '@'. */
function InviteDialog({ itemId, open, onClose }: { itemId: string; open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const invite = useMutation({
    mutationFn: (address: string) => Catalog.invite(itemId, address),
    onSuccess: ({ email: sent }) => {
      toast.success(`Invitation sent to ${sent}`);
      setEmail("");
      onClose();
    },
    onError: () => toast.error("Failed to send invitation"),
  });
  const submit = () => {
    const address = email.trim();
    if (!address || !address.includes("@")) {
      setInvalid(true);
      toaster.remove();
      toaster.error({
        title: "Invalid email",
        description: CatalogRules.INVALID_EMAIL,
      });
      return;
    }
    invite.mutate(address);
  };
  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Invite an admin"
      description="They can edit this integration once they sign in with this e-mail."
      onSubmit={submit}
      action={{
        label: "Send Invitation",
        loading: invite.isPending,
        testId: "invite-send",
      }}
      testId="invite-dialog"
    >
      <Field.Root invalid={invalid}>
        <Field.Label>Email</Field.Label>
        <Input
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setInvalid(false);
          }}
          placeholder="name@example.com"
          data-testid="invite-email"
        />
        <Field.ErrorText>{CatalogRules.INVALID_EMAIL}</Field.ErrorText>
      </Field.Root>
      <Text fontSize="xs" color="fg.muted" mt="2">
        Only you can change who manages it, its visibility, or archive it.
      </Text>
    </KilnDialog>
  );
}
