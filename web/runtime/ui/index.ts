import type { UiPart } from "../resolve";
import * as accordion from "./accordion";
import * as alert from "./alert";
import * as alertDialog from "./alert-dialog";
import * as avatar from "./avatar";
import * as badge from "./badge";
import * as button from "./button";
import * as calendar from "./calendar";
import * as card from "./card";
import * as checkbox from "./checkbox";
import * as dialog from "./dialog";
import * as dropdownMenu from "./dropdown-menu";
import * as input from "./input";
import * as label from "./label";
import * as popover from "./popover";
import * as progress from "./progress";
import * as radioGroup from "./radio-group";
import * as scrollArea from "./scroll-area";
import * as select from "./select";
import * as separator from "./separator";
import * as sheet from "./sheet";
import * as skeleton from "./skeleton";
import * as slider from "./slider";
import * as switch_ from "./switch";
import * as table from "./table";
import * as tabs from "./tabs";
import * as textarea from "./textarea";
import * as toast from "./toast";
import * as toaster from "./toaster";
import * as tooltip from "./tooltip";
import * as useToast from "./use-toast";

/** The UI kit: `@/components/ui/<part>` -> its module. Loaded as one chunk beside the runtime. */
export const kit: Record<UiPart, object> = {
  accordion,
  alert,
  "alert-dialog": alertDialog,
  avatar,
  badge,
  button,
  calendar,
  card,
  checkbox,
  dialog,
  "dropdown-menu": dropdownMenu,
  input,
  label,
  popover,
  progress,
  "radio-group": radioGroup,
  "scroll-area": scrollArea,
  select,
  separator,
  sheet,
  skeleton,
  slider,
  switch: switch_,
  table,
  tabs,
  textarea,
  toast,
  toaster,
  tooltip,
  "use-toast": useToast,
};

export { ToastList } from "./toast";
export * as sonner from "./sonner";
export { cn } from "./utils";
