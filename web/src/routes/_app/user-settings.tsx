import { Badge, Box, Button, Card, Container, Field, HStack, Heading, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Copy, Eye, EyeOff, RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { User } from "../../../../schemas/user";
import { meQuery, useRegenerateApiKey, useUpdateMe } from "../../api/auth";
import { detailOf } from "../../api/client";
import { PlanSummaryCard } from "../../components/billing/PlanSummaryCard";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/toaster";

export const Route = createFileRoute("/_app/user-settings")({
  component: UserSettings,
});

const tierLabel = (tier: string) => tier.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** "Account Information" (spec 01 §2 User settings, §5 Settings, §8 Settings). */
function UserSettings() {
  const { data: user } = useQuery(meQuery);
  if (!user) return null;
  return (
    <Container maxW="2xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Box>
          <Heading size="2xl">Account Information</Heading>
          <Text color="fg.muted" mt="1">
            Your profile, your plan, and the API key that lets scripts act as you.
          </Text>
        </Box>
        <ProfileCard user={user} />
        <PlanSummaryCard user={user} />
        <ApiKeyCard user={user} />
      </Stack>
    </Container>
  );
}

function ProfileCard({ user }: { user: User }) {
  const update = useUpdateMe();
  // `base` is what the form was last filled from; edits are measured against it.
  const [base, setBase] = useState({ fullName: user.full_name ?? "", phone: user.phone_number ?? "" });
  const [fullName, setFullName] = useState(base.fullName);
  const [phone, setPhone] = useState(base.phone);
  const [touched, setTouched] = useState(false);
  const dirty = fullName !== base.fullName || phone !== base.phone;

  // A change pushed from another tab or device shows up here unless this form holds unsaved edits.
  useEffect(() => {
    const next = { fullName: user.full_name ?? "", phone: user.phone_number ?? "" };
    if (next.fullName === base.fullName && next.phone === base.phone) return;
    if (!dirty) {
      setFullName(next.fullName);
      setPhone(next.phone);
    }
    setBase(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a pushed change of the user re-fills the form, not the form's own edits
  }, [user.full_name, user.phone_number]);

  const nameMissing = fullName.trim() === "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (nameMissing) return;
    update.mutate(
      { id: user.id, patch: { full_name: fullName.trim(), phone_number: phone.trim() === "" ? null : phone.trim() } },
      {
        onSuccess: (saved) => {
          const next = { fullName: saved.full_name ?? "", phone: saved.phone_number ?? "" };
          setBase(next);
          setFullName(next.fullName);
          setPhone(next.phone);
          setTouched(false);
          toast.success("User settings updated successfully!");
        },
        onError: (err) => toast.error(`Failed to update user settings: ${detailOf(err)}`),
      },
    );
  };

  return (
    <Card.Root asChild>
      <form onSubmit={submit} noValidate>
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title>Profile</Card.Title>
          <HStack gap="2">
            {user.platform_role === "platform_admin" && <Badge colorPalette="purple">Platform admin</Badge>}
            <Badge colorPalette="orange" data-testid="plan-badge">
              {tierLabel(user.subscription_tier)} plan
            </Badge>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack direction={{ base: "column", sm: "row" }} gap="5">
            <Field.Root readOnly>
              <Field.Label>Username</Field.Label>
              <Input name="username" value={user.username} readOnly bg="bg.muted" />
            </Field.Root>
            <Field.Root readOnly>
              <Field.Label>Email</Field.Label>
              <Input name="email" value={user.email} readOnly bg="bg.muted" />
            </Field.Root>
          </Stack>
          <Field.Root required invalid={touched && nameMissing}>
            <Field.Label>
              Full Name <Field.RequiredIndicator />
            </Field.Label>
            <Input name="full_name" value={fullName} onChange={(e) => setFullName(e.target.value)} onBlur={() => setTouched(true)} autoComplete="name" maxLength={120} />
            <Field.ErrorText>Full Name is required</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Phone Number</Field.Label>
            <Input name="phone_number" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" maxLength={32} placeholder="+1 555 010 0199" />
          </Field.Root>
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end">
        <Button type="submit" colorPalette="brand" loading={update.isPending} disabled={!dirty || update.isPending}>
          Save Changes
        </Button>
      </Card.Footer>
      </form>
    </Card.Root>
  );
}

function ApiKeyCard({ user }: { user: User }) {
  const regenerate = useRegenerateApiKey();
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const masked = `${user.api_key.slice(0, 4)}${"•".repeat(24)}${user.api_key.slice(-4)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(user.api_key);
      toast.success("API key copied to clipboard!");
    } catch {
      toast.error("Your browser did not allow copying; select the key and copy it by hand.");
      setVisible(true);
    }
  };

  const confirmRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("API key regenerated successfully!");
      },
      onError: (err) => {
        setConfirming(false);
        toast.error(`Failed to regenerate API key: ${detailOf(err)}`);
      },
    });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>API Key</Card.Title>
        <Card.Description>
          Send it in the <code>api_key</code> header to call Kiln's API as yourself. Keep it secret.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack gap="2">
          <Input
            aria-label="API Key"
            data-testid="api-key"
            value={visible ? user.api_key : masked}
            readOnly
            fontFamily="mono"
            fontSize="sm"
            bg="bg.muted"
          />
          <IconButton variant="outline" aria-label={visible ? "Hide API key" : "Show API key"} onClick={() => setVisible((v) => !v)}>
            {visible ? <EyeOff /> : <Eye />}
          </IconButton>
          <IconButton variant="outline" aria-label="Copy API key" onClick={copy}>
            <Copy />
          </IconButton>
        </HStack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end">
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <RefreshCw /> Regenerate
        </Button>
      </Card.Footer>

      <ConfirmDialog
        confirmation={
          confirming ? { title: "Regenerate API key?", text: "Scripts and integrations using the current key stop working at once. This cannot be undone.", action: "Regenerate key" } : null
        }
        pending={regenerate.isPending}
        onConfirm={confirmRegenerate}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
