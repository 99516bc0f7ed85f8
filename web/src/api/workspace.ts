import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type App, AppMeta, type UpdateLogoBody } from "../../../schemas/app";
import { DeployResult } from "../../../schemas/publish";
import { appQuery } from "./apps";
import { call } from "./client";

/** Spec 02 §7 App calls the workspace makes beyond PUT /apps/{id}: publish, logo, block. */
export const Workspace = {
  /** `acknowledge`: the critical security findings to publish anyway, by id (a refused publish names them) */
  deploy: (id: string, acknowledge: string[] = []) =>
    call("POST /api/apps/{id}/deploy", { params: { id }, body: acknowledge.length ? { acknowledge } : undefined, schema: DeployResult }),
  updateLogo: (id: string, body: UpdateLogoBody) => call("POST /api/apps/{id}/metadata/update-logo", { params: { id }, body, schema: AppMeta }),
  block: (id: string, isBlocked: boolean) => call("POST /api/apps/{id}/block", { params: { id }, body: { is_blocked: isBlocked }, schema: AppMeta }),
};

/** The server's answer is merged into the cached app, so the workspace shows it before the room's echo. */
function useMergeMeta(id: string) {
  const client = useQueryClient();
  return (meta: AppMeta) => client.setQueryData(appQuery(id).queryKey, (app: App | undefined) => (app ? { ...app, ...meta } : app));
}

export function useUpdateLogo(id: string) {
  const merge = useMergeMeta(id);
  return useMutation({ mutationFn: (body: UpdateLogoBody) => Workspace.updateLogo(id, body), onSuccess: merge });
}

export function useBlockApp(id: string) {
  const merge = useMergeMeta(id);
  return useMutation({ mutationFn: (isBlocked: boolean) => Workspace.block(id, isBlocked), onSuccess: merge });
}
