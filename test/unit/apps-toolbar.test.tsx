// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppsToolbar } from "../../web/src/components/apps/AppsToolbar";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The apps list's My Apps / All Apps control shows which list is on screen (spec 01 §2; issue 8). */

beforeAll(polyfillJsdom);
afterEach(cleanup);

function show(mine: boolean) {
  const onMine = vi.fn();
  const noop = () => {};
  render(
    <ChakraProvider value={system}>
      <AppsToolbar search="" mine={mine} starred={false} sort="desc" view="grid" onSearch={noop} onMine={onMine} onToggleStarred={noop} onToggleSort={noop} onToggleView={noop} />
    </ChakraProvider>,
  );
  return onMine;
}

const option = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;

describe("My Apps / All Apps", () => {
  it("both choices show, the current one selected: All Apps by default", async () => {
    const onMine = show(false);
    expect(option("All Apps").checked).toBe(true);
    expect(option("My Apps").checked).toBe(false);
    fireEvent.click(option("My Apps"));
    await waitFor(() => expect(onMine).toHaveBeenCalledWith(true));
  });

  it("My Apps selected when the list is yours only; All Apps goes back", async () => {
    const onMine = show(true);
    expect(option("My Apps").checked).toBe(true);
    expect(option("All Apps").checked).toBe(false);
    expect(screen.getByTestId("toggle-mine").getAttribute("data-mine")).toBe("true");
    fireEvent.click(option("All Apps"));
    await waitFor(() => expect(onMine).toHaveBeenCalledWith(false));
  });
});
