import { Button, Heading, Text, VStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

/** The 404 page (spec 03 §2.6). */
export function NotFound() {
  return (
    <VStack minH="100vh" justify="center" gap="4" px="6" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.solid" lineHeight="1">
        404
      </Text>
      <Heading size="2xl">Page not found</Heading>
      <Text color="fg.muted">The address you followed does not lead anywhere in Kiln.</Text>
      <Button asChild colorPalette="brand" mt="2">
        <Link to="/">Go home</Link>
      </Button>
    </VStack>
  );
}
