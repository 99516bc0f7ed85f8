import { Button, Field, Heading, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { useEffect, useState } from "react";
import type { CouponCode } from "../../../../schemas/billing";
import { Admin, couponsQuery } from "../../api/admin";
import { RecordsTable } from "../ui/RecordsTable";
import { toast } from "../ui/toaster";

type Form = { code: string; num_messages: string; max_number_of_people: string; domain: string };
const blank: Form = { code: "", num_messages: "", max_number_of_people: "", domain: "" };

/** Spec 03 §5 Coupon creation, checked before sending (the server checks the same). */
export function couponErrors(form: Form): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  const count = (text: string, required: string) => (text.trim() === "" ? required : Number.parseInt(text, 10) >= 1 ? undefined : "Must be at least 1");
  if (!form.code.trim()) errors.code = "Code is required";
  errors.num_messages = count(form.num_messages, "Number of messages is required");
  errors.max_number_of_people = count(form.max_number_of_people, "Max number of people is required");
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as typeof errors;
}

/** Coupon Codes (spec 03 §2.3): the list and the creation form. */
export function CouponsTab() {
  const client = useQueryClient();
  const coupons = useQuery(couponsQuery);
  const [form, setForm] = useState<Form>(blank);
  const [shown, setShown] = useState<Partial<Record<keyof Form, string>>>({});
  useEffect(() => {
    if (coupons.isError) toast.error("Failed to fetch coupon codes");
  }, [coupons.isError]);
  const create = useMutation({
    mutationFn: () =>
      Admin.createCoupon({
        code: form.code.trim(),
        num_messages: Number.parseInt(form.num_messages, 10),
        max_number_of_people: Number.parseInt(form.max_number_of_people, 10),
        domain: form.domain.trim() || null,
      }),
    onSuccess: () => {
      toast.success("Coupon code created successfully");
      setForm(blank);
    },
    onError: () => toast.error("Failed to create coupon code"),
    onSettled: () => client.invalidateQueries({ queryKey: couponsQuery.queryKey }),
  });
  const field = (key: keyof Form, label: string, props: { type?: string; placeholder?: string } = {}) => (
    <Field.Root invalid={!!shown[key]}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...props}
        value={form[key]}
        onChange={(e) => {
          setForm((f) => ({ ...f, [key]: e.target.value }));
          setShown((s) => ({ ...s, [key]: undefined }));
        }}
        data-testid={`coupon-${key}`}
      />
      <Field.ErrorText>{shown[key]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap="6" pt="4">
      <Stack
        as="form"
        gap="3"
        borderWidth="1px"
        rounded="lg"
        p="4"
        onSubmit={(e) => {
          e.preventDefault();
          const errors = couponErrors(form);
          setShown(errors);
          if (!Object.keys(errors).length && !create.isPending) create.mutate();
        }}
        data-testid="coupon-create-form"
      >
        <Heading size="md">Create Coupon Code</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {field("code", "Code")}
          {field("num_messages", "Number of messages", { type: "number" })}
          {field("max_number_of_people", "Max number of people", { type: "number" })}
          {field("domain", "Domain (optional)", { placeholder: "example.com" })}
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={create.isPending} data-testid="coupon-create">
          Create Coupon
        </Button>
      </Stack>
      <RecordsTable<CouponCode>
        rows={coupons.data ?? []}
        rowKey={(c) => c.code}
        loading={coupons.isPending}
        columns={[
          { key: "code", header: "Code", text: (c) => c.code },
          { key: "num_messages", header: "Messages", text: (c) => String(c.num_messages) },
          { key: "max_number_of_people", header: "Max people", text: (c) => String(c.max_number_of_people) },
          { key: "used_credits", header: "Used", text: (c) => String(c.used_credits) },
          { key: "domain", header: "Domain", text: (c) => c.domain ?? "Any" },
          { key: "created_date", header: "Created", text: (c) => format(parseISO(c.created_date), "MMM d, yyyy") },
        ]}
        empty={{ text: "No coupon codes found" }}
        rowData={(c) => ({ "data-code": c.code })}
        label="Coupon codes"
        testIds={{ table: "coupons-table", row: "coupon-row", empty: "coupons-empty" }}
        height="400px"
      />
    </Stack>
  );
}
