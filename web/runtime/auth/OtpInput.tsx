import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { type OtpState, backspace, pasteInto, typeInto } from "./otp";

/** Six one-character boxes for the verification code; the rules live in otp.ts. */
export function OtpInput({ digits, onChange, disabled }: { digits: string[]; onChange: (digits: string[]) => void; disabled?: boolean }) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const apply = (next: OtpState) => {
    if (next.digits !== digits) onChange(next.digits);
    boxes.current[next.focus]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      apply(backspace(digits, index));
    } else if (event.key === "ArrowLeft" && index > 0) {
      apply({ digits, focus: index - 1 });
    } else if (event.key === "ArrowRight" && index < digits.length - 1) {
      apply({ digits, focus: index + 1 });
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteInto(digits, index, event.clipboardData.getData("text")));
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={digit}
          onChange={(event) => apply(typeInto(digits, index, event.target.value))}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${index + 1}`}
          className="h-12 w-11 rounded-lg border border-gray-300 bg-white text-center text-xl font-semibold text-gray-900 outline-none focus:border-gray-900 focus:ring-2 focus:ring-gray-900/10 disabled:opacity-50"
        />
      ))}
    </div>
  );
}
