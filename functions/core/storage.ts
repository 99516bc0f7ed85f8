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

  /** One request to the bucket, failing when it does not answer (the health check). */
  export async function ping(): Promise<void> {
    await client().send(new HeadBucketCommand({ Bucket: Config.bucket }));
  }
}
