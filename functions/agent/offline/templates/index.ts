/** Renders every file the model describes (entity schemas excepted): path -> content. */
import { type AppModel, LAYOUT_PATH, THEME_PATH } from "../model";
import { renderTheme } from "../styles";
import { renderBoard } from "./board";
import { renderCalendar } from "./calendar";
import { BAR_CHART, COMPONENTS } from "./components";
import { renderDashboard } from "./dashboard";
import { renderDetail } from "./detail";
import { renderForm } from "./form";
import { renderLayout } from "./layout";
import { renderList } from "./list";

export function renderAll(model: AppModel): Record<string, string> {
  const out: Record<string, string> = { [THEME_PATH]: renderTheme(model.theme), ...COMPONENTS };
  if (model.hasLayout) out[LAYOUT_PATH] = renderLayout(model);
  if (model.dashboardPage) out[`pages/${model.dashboardPage}`] = renderDashboard(model);
  if (model.dashboardPage && model.charts.length) out["components/BarChart"] = BAR_CHART;
  for (const def of model.entities) {
    if (def.pages.list) out[`pages/${def.pages.list}`] = renderList(model, def);
    if (def.pages.detail) out[`pages/${def.pages.detail}`] = renderDetail(model, def);
    if (def.pages.form) out[`pages/${def.pages.form}`] = renderForm(model, def);
    if (def.views.board) out[`pages/${def.views.board}`] = renderBoard(model, def);
    if (def.views.calendar) out[`pages/${def.views.calendar}`] = renderCalendar(model, def);
  }
  return out;
}
