import { Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { CatalogRules, type CatalogEntry } from "../../../../schemas/catalog";
import { Catalog, catalogItemQuery, catalogListQuery } from "../../api/catalog";
import { toast } from "../ui/toaster";

/** The platform admin's section (spec 03 §2.7, §6): approve a pending item; a public one rewards its owner. */
export function AdminActions({ entry }: { entry: CatalogEntry }) {
  const { item } = entry;
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => Catalog.approve(item.id),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogItemQuery(item.id).queryKey, saved);
      void queryClient.invalidateQueries({
        queryKey: catalogListQuery.queryKey,
      });
      toast.success("Integration approved");
    },
    onError: () => toast.error("Failed to approve integration"),
  });
  return (
    <Box borderWidth="1px" borderColor="orange.muted" bg="orange.subtle/40" rounded="xl" p="4" data-testid="admin-actions">
      <Heading size="sm" mb="2">
        Admin Actions
      </Heading>
      {item.status === "pending" ? (
        <HStack gap="3" flexWrap="wrap">
          <Button size="sm" colorPalette="green" onClick={() => approve.mutate()} loading={approve.isPending} data-testid="approve-integration">
            <ShieldCheck /> Approve
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {item.is_private ? "A private item is approved without a reward." : `Approving rewards the owner with ${CatalogRules.APPROVAL_CREDITS} credits.`}
          </Text>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="approved-note">
          Approved.
        </Text>
      )}
    </Box>
  );
}
