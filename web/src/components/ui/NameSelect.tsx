import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A native select of names (pages, entities), each option showing its own name; `placeholder` comes first when given. */
export function NameSelect({
  names,
  value,
  onChange,
  label,
  testId,
  placeholder,
  ...root
}: {
  names: string[];
  value: string;
  onChange(name: string): void;
  label?: string;
  testId: string;
  placeholder?: ReactNode;
} & Omit<NativeSelect.RootProps, "onChange">) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        {placeholder}
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
