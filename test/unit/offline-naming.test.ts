import { describe, expect, it } from "vitest";
import { lowerWords, pluralize, singularize } from "../../functions/agent/offline/naming";

describe("offline engine: names", () => {
  it("pluralizes the last word of a name and keeps its case", () => {
    expect(pluralize("InventoryItem")).toBe("InventoryItems");
    expect(pluralize("Category")).toBe("Categories");
    expect(pluralize("to do")).toBe("to dos");
    expect(pluralize("Person")).toBe("People");
    expect(pluralize("status")).toBe("statuses");
    expect(lowerWords(pluralize("JobOpening"))).toBe("job openings");
  });

  it("singularizes the last word: regular, irregular and uncountable", () => {
    expect(singularize("Categories")).toBe("Category");
    expect(singularize("follow ups")).toBe("follow up");
    expect(singularize("people")).toBe("person");
    expect(singularize("children")).toBe("child");
    expect(singularize("statuses")).toBe("status");
    expect(singularize("series")).toBe("series");
    expect(singularize("boxes")).toBe("box");
  });

  it("keeps the -ie words, viruses and the uncountable nouns the library reads otherwise", () => {
    expect(singularize("cookies")).toBe("cookie");
    expect(singularize("calories")).toBe("calorie");
    expect(singularize("Smoothies")).toBe("Smoothie");
    expect(singularize("movies")).toBe("movie");
    expect(pluralize("virus")).toBe("viruses");
    expect(pluralize("Feedback")).toBe("Feedback");
    expect(pluralize("Inventory")).toBe("Inventory");
    expect(singularize("data")).toBe("data");
  });
});
