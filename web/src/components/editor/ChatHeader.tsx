import { HStack, Text } from "@chakra-ui/react";
import type { App } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import type { PlatformRole } from "../../../../schemas/user";
import { KilnMark } from "../KilnMark";
import type { FileMap } from "./appFiles";
import { GearMenu } from "./GearMenu";

export function ChatHeader({ app, messages, files, platformRole }: { app: App; messages: ChatMessage[]; files: FileMap; platformRole: PlatformRole }) {
  return (
    <HStack h="12" px="4" gap="2.5" borderBottomWidth="1px" flexShrink="0">
      <KilnMark size={20} />
      <Text fontWeight="semibold" fontSize="sm" truncate flex="1" title={app.name}>
        {app.name}
      </Text>
      <GearMenu app={app} messages={messages} files={files} platformRole={platformRole} />
    </HStack>
  );
}
