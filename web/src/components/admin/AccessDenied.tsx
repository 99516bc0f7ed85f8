import { Text, VStack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { User } from "../../../../schemas/user";

/** Spec 03 §2.3, §6: the admin screens are for roles containing "admin" (the server refuses their calls to anyone else). */
export function AdminOnly({ me, children }: { me: User; children: ReactNode }) {
  if (!me.platform_role.includes("admin"))
    return (
      <VStack py="24" px="6" textAlign="center" data-testid="access-denied">
        <Text fontWeight="semibold">Access Denied - You are not authorized to access this page</Text>
      </VStack>
    );
  return children;
}
