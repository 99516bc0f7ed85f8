import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Who is calling, behind the cloud routers (stacks/router.ts, apps.ts). API Gateway sees
 * CloudFront's address, so each router's viewer-request code writes the viewer's own address
 * (CloudFront's `event.viewer.ip`, what `CloudFront-Viewer-Address` carries) into a header, with
 * a proof only the routers and the API know. The router overwrites both headers on every request,
 * and the API (functions/http/appauth.ts `clientOf`) reads the address only when the proof matches, so
 * neither a viewer nor a caller that reaches API Gateway directly can choose the address it is
 * counted under. The routers keep SST's origin request policy (all viewer headers except Host),
 * which forwards both: a policy that adds CloudFront's own headers would also forward Host,
 * which API Gateway refuses.
 */
export const VIEWER_ADDRESS_HEADER = "x-kiln-viewer-address";
export const ROUTER_PROOF_HEADER = "x-kiln-router-proof";

/** Derived from the token signing key, so a stage needs no further secret; the key itself never reaches the edge. */
export const routerProof = (authSecret: string) => createHmac("sha256", authSecret).update("kiln-router:viewer-address").digest("hex");

/** CloudFront viewer-request code (injected by the routers): only API requests carry the address and the proof. */
export function viewerAddressEdgeCode(proof: string): string {
  const address = JSON.stringify(VIEWER_ADDRESS_HEADER);
  const proofHeader = JSON.stringify(ROUTER_PROOF_HEADER);
  return (
    `delete event.request.headers[${address}]; delete event.request.headers[${proofHeader}]; ` +
    `if (event.request.uri.indexOf("/api") === 0) { event.request.headers[${address}] = { value: event.viewer.ip }; event.request.headers[${proofHeader}] = { value: ${JSON.stringify(proof)} }; }`
  );
}

/** The viewer address a router vouches for, or undefined when the request did not come through one. */
export function routedViewerAddress(header: (name: string) => string | undefined, authSecret: string): string | undefined {
  const proof = header(ROUTER_PROOF_HEADER);
  const address = header(VIEWER_ADDRESS_HEADER)?.trim();
  if (!proof || !address) return undefined;
  const expected = Buffer.from(routerProof(authSecret));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}
