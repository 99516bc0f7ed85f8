import type { Bridge } from "./bridge";

/**
 * Visual Edit's agent inside the preview frame (spec 01 §7 frame messages). The runtime
 * stamps elements with `data-source-location="{file}:{line}:{column}"`; while the editor
 * has Visual Edit on, hovering outlines an element and clicking selects it: the editor
 * gets its tag, classes and location, previews class changes live through
 * `update-classes`, and on Save rewrites that line of source. Messages go through the
 * bridge, so only the editor's origin is heard; the agent touches nothing but classes.
 */

const ATTRIBUTE = "data-source-location";
const TEXT_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "a", "label"]);

export function installVisualEditAgent(bridge: Bridge): () => void {
  let enabled = false;
  let selected: string | null = null;
  /** classes as the source has them, per location, so Discard can put them back */
  const originals = new Map<string, string>();

  const elementsAt = (id: string) => Array.from(document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(id)}"]`));
  const located = (node: EventTarget | null) => (node instanceof Element ? (node.closest(`[${ATTRIBUTE}]`) as HTMLElement | null) : null);

  const overlay = (color: string, style: string) => {
    const el = document.createElement("div");
    el.setAttribute("data-kiln-overlay", "");
    el.style.cssText = `position:fixed;pointer-events:none;z-index:2147483647;border:2px ${style} ${color};border-radius:3px;display:none;transition:all 60ms ease-out`;
    document.documentElement.appendChild(el);
    return el;
  };
  const hoverBox = overlay("#6366f1", "dashed");
  const selectBox = overlay("#4f46e5", "solid");
  const place = (box: HTMLElement, el: HTMLElement | null | undefined) => {
    if (!el) return void (box.style.display = "none");
    const r = el.getBoundingClientRect();
    Object.assign(box.style, { display: "block", top: `${r.top - 2}px`, left: `${r.left - 2}px`, width: `${r.width + 4}px`, height: `${r.height + 4}px` });
  };
  const reposition = () => place(selectBox, selected ? elementsAt(selected)[0] : null);

  const unselect = (restore: boolean) => {
    if (restore) for (const [id, classes] of originals) for (const el of elementsAt(id)) el.setAttribute("class", classes);
    originals.clear();
    selected = null;
    place(selectBox, null);
  };

  const onMove = (e: MouseEvent) => {
    if (enabled) place(hoverBox, located(e.target));
  };
  const onClick = (e: MouseEvent) => {
    if (!enabled) return;
    e.preventDefault();
    e.stopPropagation();
    const el = located(e.target);
    if (!el) return;
    unselect(true);
    const id = el.getAttribute(ATTRIBUTE)!;
    const classes = el.getAttribute("class") ?? "";
    selected = id;
    originals.set(id, classes);
    place(selectBox, el);
    const r = el.getBoundingClientRect();
    const tagName = el.tagName.toLowerCase();
    bridge.post({
      type: "element-selected",
      data: {
        tagName,
        classes,
        visualSelectorId: id,
        content: (el.textContent ?? "").slice(0, 200),
        isTextElement: TEXT_TAGS.has(tagName),
        position: { top: r.top, left: r.left, width: r.width, height: r.height },
      },
    });
  };
  const onKey = (e: KeyboardEvent) => {
    if (enabled && e.key === "Escape" && selected) {
      unselect(true);
      bridge.post({ type: "unselect-element" });
    }
  };

  const stopListening = bridge.onMessage((message) => {
    switch (message.type) {
      case "toggle-visual-edit-mode":
        enabled = message.data.enabled;
        document.documentElement.style.cursor = enabled ? "crosshair" : "";
        if (!enabled) {
          unselect(true);
          place(hoverBox, null);
        }
        break;
      case "update-classes": {
        const { visualSelectorId: id, classes } = message.data;
        const els = elementsAt(id);
        if (!originals.has(id) && els[0]) originals.set(id, els[0].getAttribute("class") ?? "");
        for (const el of els) el.setAttribute("class", classes);
        reposition();
        break;
      }
      case "unselect-element":
        unselect(message.data?.restore !== false);
        break;
    }
  });

  // Capture phase: the app's own handlers never see a click meant to select.
  document.addEventListener("mousemove", onMove, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);
  window.addEventListener("scroll", reposition, true);
  window.addEventListener("resize", reposition);
  bridge.post({ type: "visual-edit-agent-ready" });

  return () => {
    stopListening();
    document.removeEventListener("mousemove", onMove, true);
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
    window.removeEventListener("scroll", reposition, true);
    window.removeEventListener("resize", reposition);
    hoverBox.remove();
    selectBox.remove();
  };
}
