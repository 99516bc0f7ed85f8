/**
 * Visual Edit's agent inside the app's frame (spec 01 §7 frame messages). The runtime
 * stamps every intrinsic element with `data-source-location="{file}:{line}:{column}"`;
 * while the editor has Visual Edit on, hovering outlines an element and clicking selects
 * it: the editor gets its tag, classes and location, previews class changes live through
 * `update-classes`, and on Save rewrites that line of source. The agent only listens to
 * the window that frames it and never touches anything but class attributes.
 */

type FromEditor =
  | { type: "toggle-visual-edit-mode"; data: { enabled: boolean } }
  | { type: "update-classes"; data: { visualSelectorId: string; classes: string } }
  | { type: "unselect-element"; data?: { restore?: boolean } }
  | { type: "refresh-page" };

const ATTRIBUTE = "data-source-location";
const TEXT_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "a", "label"]);

export function installVisualEditAgent(target: Window = window): () => void {
  const parent = target.parent;
  if (!parent || parent === target) return () => undefined;
  const doc = target.document;
  let enabled = false;
  let selected: string | null = null;
  /** classes as the source has them, per location, so Discard can put them back */
  const originals = new Map<string, string>();

  const post = (message: Record<string, unknown>) => parent.postMessage(message, "*");
  const elementsAt = (id: string) => Array.from(doc.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(id)}"]`));
  const located = (node: EventTarget | null) => (node instanceof Element ? (node.closest(`[${ATTRIBUTE}]`) as HTMLElement | null) : null);

  const box = (color: string, style: string) => {
    const el = doc.createElement("div");
    el.setAttribute("data-kiln-overlay", "");
    el.style.cssText = `position:fixed;pointer-events:none;z-index:2147483647;border:2px ${style} ${color};border-radius:3px;display:none;transition:all 60ms ease-out`;
    doc.documentElement.appendChild(el);
    return el;
  };
  const hoverBox = box("#6366f1", "dashed");
  const selectBox = box("#4f46e5", "solid");
  const place = (overlay: HTMLElement, el: HTMLElement | null) => {
    if (!el) return void (overlay.style.display = "none");
    const r = el.getBoundingClientRect();
    Object.assign(overlay.style, { display: "block", top: `${r.top - 2}px`, left: `${r.left - 2}px`, width: `${r.width + 4}px`, height: `${r.height + 4}px` });
  };
  const reposition = () => place(selectBox, selected ? (elementsAt(selected)[0] ?? null) : null);

  const restore = () => {
    for (const [id, classes] of originals) for (const el of elementsAt(id)) el.setAttribute("class", classes);
    originals.clear();
  };
  const unselect = (restoreClasses: boolean) => {
    if (restoreClasses) restore();
    else originals.clear();
    selected = null;
    place(selectBox, null);
  };

  const onMove = (e: MouseEvent) => {
    if (enabled) place(hoverBox, located(e.target));
  };
  const onClick = (e: MouseEvent) => {
    if (!enabled) return;
    const el = located(e.target);
    e.preventDefault();
    e.stopPropagation();
    if (!el) return;
    unselect(true);
    const id = el.getAttribute(ATTRIBUTE)!;
    selected = id;
    originals.set(id, el.getAttribute("class") ?? "");
    place(selectBox, el);
    const r = el.getBoundingClientRect();
    const tagName = el.tagName.toLowerCase();
    post({
      type: "element-selected",
      data: {
        tagName,
        classes: el.getAttribute("class") ?? "",
        visualSelectorId: id,
        dataSourceLocation: id,
        content: (el.textContent ?? "").slice(0, 200),
        isTextElement: TEXT_TAGS.has(tagName),
        position: { top: r.top, left: r.left, width: r.width, height: r.height },
      },
    });
  };
  const onKey = (e: KeyboardEvent) => {
    if (enabled && e.key === "Escape" && selected) {
      unselect(true);
      post({ type: "unselect-element" });
    }
  };
  const onMessage = (e: MessageEvent) => {
    if (e.source !== parent) return;
    const message = e.data as FromEditor;
    switch (message?.type) {
      case "toggle-visual-edit-mode":
        enabled = Boolean(message.data?.enabled);
        doc.documentElement.style.cursor = enabled ? "crosshair" : "";
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
      case "refresh-page":
        target.location.reload();
        break;
    }
  };

  // Capture phase: the app's own handlers never see a click meant to select.
  doc.addEventListener("mousemove", onMove, true);
  doc.addEventListener("click", onClick, true);
  doc.addEventListener("keydown", onKey, true);
  target.addEventListener("scroll", reposition, true);
  target.addEventListener("resize", reposition);
  target.addEventListener("message", onMessage);
  post({ type: "visual-edit-agent-ready" });

  return () => {
    doc.removeEventListener("mousemove", onMove, true);
    doc.removeEventListener("click", onClick, true);
    doc.removeEventListener("keydown", onKey, true);
    target.removeEventListener("scroll", reposition, true);
    target.removeEventListener("resize", reposition);
    target.removeEventListener("message", onMessage);
    hoverBox.remove();
    selectBox.remove();
  };
}
