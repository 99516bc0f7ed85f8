import { HStack, Text } from "@chakra-ui/react";
import { AlertTriangle } from "lucide-react";
import { Component, type ReactNode } from "react";

interface Props {
  /** a new value (the message changed) gives rendering another try */
  resetKey: string;
  children: ReactNode;
}

/** One message that cannot be rendered never takes the chat down with it (spec 01 §8). */
export class MessageErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <HStack gap="2" px="3" py="2" rounded="md" bg="bg.muted" color="fg.muted" fontSize="sm" data-testid="message-render-error">
        <AlertTriangle size={14} />
        <Text>Could not render this message. It might contain special characters.</Text>
      </HStack>
    );
  }
}
