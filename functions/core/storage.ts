import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { Config } from "./config";

/** S3 for uploaded files, code snapshots and checkpoints (s3rver locally: path-style addressing). */
export namespace Storage {
  let s3: S3Client | undefined;
  export function client(): S3Client {
    s3 ??= new S3Client({
      forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return s3;
  }

  /**
   * A presigned link as a browser must open it. In the cloud (and in `npm start`) that is the link itself; on a
   * team's box the bucket (s3rver on loopback) is reached through Kiln's own origin, so the link's origin becomes
   * `storageUrl` (stacks/local/storage-gateway.ts checks the signature, made for the bucket's own address).
   */
  export function browserUrl(signed: string): string {
    const through = Config.kiln.storageUrl;
    if (!through) return signed;
    const url = new URL(signed);
    return `${through.replace(/\/$/, "")}${url.pathname}${url.search}`;
  }

  /** One request to the bucket, failing when it does not answer (the health check). */
  export async function ping(): Promise<void> {
    await client().send(new HeadBucketCommand({ Bucket: Config.bucket }));
  }
}
