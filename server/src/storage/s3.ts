import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../settings/config';
import type { FileStorage, StoredObject } from './file-storage';

/** A storage that does not answer within this is down for the request that asked. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * An S3-compatible bucket (Aliyun OSS, MinIO, AWS) that every API process reaches, so no folder
 * is shared. Its objects are private: the API reads them and streams them to whoever it allows.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint ?? undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default CRC32 checksum headers and trailers are refused by Aliyun OSS and older
      // MinIO; the payload's SHA-256, which SigV4 signs, already covers every body sent.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }));
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.body(key);
    return body ? Buffer.from(await body.transformToByteArray()) : null;
  }

  async stream(key: string): Promise<Readable | null> {
    // In Node the SDK's body is the response's own stream, read once, as the answer is sent.
    return ((await this.body(key)) as Readable | undefined) ?? null;
  }

  private async body(key: string) {
    try {
      return (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * One DeleteObject per key: DeleteObjects must carry a checksum of its body, which the SDK now
   * sends as CRC32 where OSS and older MinIO insist on Content-MD5. A chunked upload has at most
   * 200 keys, and deleting a missing key succeeds.
   */
  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 });
      }
    }
    return found;
  }

  /** The bucket answers to these keys: reachable, there, and ours. */
  async writable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
