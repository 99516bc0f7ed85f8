// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { backspace, codeOf, emptyCode, isComplete, pasteInto, typeInto } from "../../web/runtime/auth/otp";
import { OtpInput } from "../../web/runtime/auth/OtpInput";

afterEach(cleanup);

const code = (text: string) => text.split("").map((c) => (c === "_" ? "" : c));

describe("one-time code rules (spec 03 §5)", () => {
  it("each box takes one digit and moves on to the next", () => {
    expect(typeInto(emptyCode(), 0, "4")).toEqual({ digits: code("4_____"), focus: 1 });
    expect(typeInto(code("4_____"), 5, "9")).toEqual({ digits: code("4____9"), focus: 5 });
  });

  it("typing over a filled box keeps only the new character", () => {
    expect(typeInto(code("12____"), 1, "27").digits).toEqual(code("17____"));
  });

  it("a character that is not a digit changes nothing", () => {
    const digits = code("1_____");
    expect(typeInto(digits, 1, "a")).toEqual({ digits, focus: 1 });
    expect(typeInto(digits, 1, " ")).toEqual({ digits, focus: 1 });
  });

  it("clearing a box empties it and keeps the focus there", () => {
    expect(typeInto(code("123___"), 1, "")).toEqual({ digits: code("1_3___"), focus: 1 });
  });

  it("paste fills digits only; a whole code fills every box wherever it is pasted", () => {
    expect(pasteInto(emptyCode(), 3, " 12-34 56 ")).toEqual({ digits: code("123456"), focus: 5 });
    expect(pasteInto(emptyCode(), 0, "code: 987654!")).toEqual({ digits: code("987654"), focus: 5 });
    expect(pasteInto(emptyCode(), 0, "1234567890").digits).toEqual(code("123456"));
  });

  it("part of a code fills on from the box pasted into", () => {
    expect(pasteInto(code("1_____"), 1, "2 3")).toEqual({ digits: code("123___"), focus: 3 });
    expect(pasteInto(emptyCode(), 4, "789")).toEqual({ digits: code("____78"), focus: 5 });
  });

  it("a paste without digits changes nothing", () => {
    const digits = code("12____");
    expect(pasteInto(digits, 2, "abc")).toEqual({ digits, focus: 2 });
  });

  it("backspace clears a filled box in place, and on an empty box moves back", () => {
    expect(backspace(code("123___"), 2)).toEqual({ digits: code("12____"), focus: 2 });
    expect(backspace(code("12____"), 3)).toEqual({ digits: code("12____"), focus: 2 });
    expect(backspace(emptyCode(), 0)).toEqual({ digits: emptyCode(), focus: 0 });
  });

  it("a code is complete only with all 6 digits", () => {
    expect(isComplete(code("12345_"))).toBe(false);
    expect(isComplete(code("123456"))).toBe(true);
    expect(codeOf(code("123456"))).toBe("123456");
  });
});

function Harness({ initial = emptyCode() }: { initial?: string[] }) {
  const [digits, setDigits] = useState(initial);
  return (
    <>
      <OtpInput digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.map((d) => d || "_").join("")}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const value = () => screen.getByTestId("code").textContent;

describe("OtpInput", () => {
  it("renders six boxes; typing a digit fills the box and focuses the next", () => {
    render(<Harness />);
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: "5" } });
    expect(value()).toBe("5_____");
    expect(document.activeElement).toBe(box(2));
  });

  it("ignores letters", () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: "x" } });
    expect(value()).toBe("______");
  });

  it("a pasted code fills every box and focuses the last", () => {
    render(<Harness />);
    box(2).focus();
    fireEvent.paste(box(2), { clipboardData: { getData: () => "Your code: 246 810" } });
    expect(value()).toBe("246810");
    expect(document.activeElement).toBe(box(6));
  });

  it("backspace on an empty box moves back; on a filled one clears it", () => {
    render(<Harness initial={code("12____")} />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(document.activeElement).toBe(box(2));
    expect(value()).toBe("12____");
    fireEvent.keyDown(box(2), { key: "Backspace" });
    expect(value()).toBe("1_____");
    expect(document.activeElement).toBe(box(2));
  });
});
