import { OTP_LENGTH } from "../../../schemas/app-auth";

/**
 * The 6-box one-time-code entry as pure state changes (spec 03 §5): each box takes one
 * character, and only a digit; a paste fills digits only; backspace on an empty box
 * moves back. The component (OtpInput.tsx) only applies these and moves the focus.
 */
export interface OtpState {
  digits: string[];
  /** the box that should have the focus next */
  focus: number;
}

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");
export const codeOf = (digits: string[]) => digits.join("");
export const isComplete = (digits: string[]) => digits.length === OTP_LENGTH && digits.every((d) => /^\d$/.test(d));

const last = OTP_LENGTH - 1;

/** A box's new text after typing: its last character when that is a digit (then on to the next box), else no change. */
export function typeInto(digits: string[], index: number, text: string): OtpState {
  if (text === "") return { digits: digits.map((d, i) => (i === index ? "" : d)), focus: index };
  const ch = text.slice(-1);
  if (!/^\d$/.test(ch)) return { digits, focus: index };
  return { digits: digits.map((d, i) => (i === index ? ch : d)), focus: Math.min(index + 1, last) };
}

/** Pasted text: its digits only. A whole code fills every box; part of one fills on from the box pasted into. */
export function pasteInto(digits: string[], index: number, text: string): OtpState {
  const pasted = text.replace(/\D/g, "").slice(0, OTP_LENGTH);
  if (!pasted) return { digits, focus: index };
  const start = pasted.length === OTP_LENGTH ? 0 : index;
  const next = [...digits];
  const chars = pasted.slice(0, OTP_LENGTH - start).split("");
  chars.forEach((ch, i) => (next[start + i] = ch));
  return { digits: next, focus: Math.min(start + chars.length, last) };
}

/** Backspace clears a filled box where it is; on an empty box it moves back one. */
export function backspace(digits: string[], index: number): OtpState {
  if (digits[index]) return { digits: digits.map((d, i) => (i === index ? "" : d)), focus: index };
  return { digits, focus: Math.max(index - 1, 0) };
}
